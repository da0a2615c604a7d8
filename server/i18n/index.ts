import type { Locale } from '../../domain/constants.ts';
import { assessments } from './messages/assessments.ts';
import { auth } from './messages/auth.ts';
import { common } from './messages/common.ts';
import { people } from './messages/people.ts';
import { templates } from './messages/templates.ts';
import { modules } from './messages/modules.ts';
import { cohorts } from './messages/cohorts.ts';
import { profileImport } from './messages/profile-import.ts';
import { exportTexts } from './messages/exports.ts';
import { personalDataTexts } from './messages/personal-data.ts';
import { notificationTexts } from './messages/notifications.ts';

/**
 * Server-side messages, one file per area under messages/, each with the same keys in fr, de, it.
 * To add an area: create messages/<area>.ts exporting {fr, de, it} with the same keys and add it
 * to `areas` below.
 */
const areas = [
  common,
  auth,
  people,
  templates,
  modules,
  cohorts,
  assessments,
  profileImport,
  exportTexts,
  personalDataTexts,
  notificationTexts,
];

type Catalog = Record<string, string>;
const catalogs: Record<Locale, Catalog> = { fr: {}, de: {}, it: {} };
for (const area of areas) {
  for (const locale of Object.keys(catalogs) as Locale[])
    Object.assign(catalogs[locale], area[locale]);
}

/** Every server message of `locale`, for checks across the catalogs (the glossary's test). */
export const serverMessages = (locale: Locale): Readonly<Catalog> => catalogs[locale];

export type MessageKey = keyof (typeof common)['fr'] | (string & {});

/** `{0, plural, one {# module} other {# modules}}`: the form the locale's rules choose for {0}. */
const PLURAL = /\{(\d+), plural,((?:\s*=?\w+ \{[^{}]*\})+)\s*\}/g;
const FORM = /(=?\w+) \{([^{}]*)\}/g;

function choosePlural(locale: Locale, forms: string, count: number): string {
  const byName = new Map([...forms.matchAll(FORM)].map((m) => [m[1]!, m[2]!]));
  const form =
    byName.get(`=${count}`) ??
    byName.get(new Intl.PluralRules(locale).select(count)) ??
    byName.get('other') ??
    '';
  return form.replace(/#/g, String(count));
}

/**
 * The message for `key` in `locale`, with {0}, {1}… replaced by `params` and plural forms chosen
 * by the locale's rules, as the web app's messages do; the key itself when unknown.
 */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: readonly (string | number)[] = [],
): string {
  const template = catalogs[locale][key] ?? catalogs.fr[key] ?? key;
  return template
    .replace(PLURAL, (whole, index: string, forms: string) => {
      const count = Number(params[Number(index)]);
      return Number.isFinite(count) ? choosePlural(locale, forms, count) : whole;
    })
    .replace(/\{(\d+)\}/g, (whole, index: string) => String(params[Number(index)] ?? whole));
}
