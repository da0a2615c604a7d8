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
];

type Catalog = Record<string, string>;
const catalogs: Record<Locale, Catalog> = { fr: {}, de: {}, it: {} };
for (const area of areas) {
  for (const locale of Object.keys(catalogs) as Locale[])
    Object.assign(catalogs[locale], area[locale]);
}

export type MessageKey = keyof (typeof common)['fr'] | (string & {});

/** The message for `key` in `locale`, with {0}, {1}… replaced by `params`; the key itself when unknown. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: readonly (string | number)[] = [],
): string {
  const template = catalogs[locale][key] ?? catalogs.fr[key] ?? key;
  return template.replace(/\{(\d+)\}/g, (whole, index: string) =>
    String(params[Number(index)] ?? whole),
  );
}
