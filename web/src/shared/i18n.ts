import { useMemo, useSyncExternalStore } from 'react';
import { setApiLanguage } from './api-client.ts';
import { boundedMemo } from '../../../domain/bounded-memo.ts';
import { dateFormat } from './date-format.ts';
import { LOCALES, localeCookie, regionOf, type Locale } from './locale.ts';

/**
 * The messages of each locale, fetched once from /locales/<lng>/messages.json (spec section 7).
 * A small in-house translator rather than i18next: the login page's JavaScript budget (170 KB
 * gzipped) has no room for its 17 KB, and the app only needs nested keys, {name} placeholders and plural forms.
 */
type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const bundles = new Map<Locale, Messages>();
let current: Locale = 'fr';
const listeners = new Set<() => void>();

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{count, plural, =0 {…} one {# file} other {# files}}`: a branch may hold {placeholders}. */
const PLURAL = /\{(\w+), plural,((?:\s*=?\w+ \{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const BRANCH = /(=?\w+) \{((?:[^{}]|\{\w+\})*)\}/g;

/** The language's plural rules, built once: a list's messages choose among them at every row. */
const pluralRules = boundedMemo((locale) => new Intl.PluralRules(locale), LOCALES.length);

/**
 * The message of a key in a locale with its plural forms chosen by the locale's Intl.PluralRules
 * (`#` is the number) and its {placeholders} filled; the key itself when missing.
 */
export function translate(
  locale: Locale,
  key: string,
  values: Record<string, unknown> = {},
): string {
  const message = lookup(bundles.get(locale), key) ?? key;
  return message
    .replace(PLURAL, (whole, name: string, branches: string) => {
      if (!(name in values)) return whole;
      const count = Number(values[name]);
      const forms = new Map(Array.from(branches.matchAll(BRANCH), (m) => [m[1], m[2]]));
      const form =
        forms.get(`=${count}`) ??
        forms.get(pluralRules(locale).select(count)) ??
        forms.get('other') ??
        '';
      return form.replace(/#/g, String(values[name]));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}

export function addMessages(locale: Locale, messages: Messages): void {
  bundles.set(locale, messages);
}

async function loadMessages(locale: Locale): Promise<void> {
  if (bundles.has(locale)) return;
  const response = await fetch(`/locales/${locale}/messages.json`);
  if (!response.ok)
    throw new Error(`Could not load the ${locale} messages (HTTP ${response.status})`);
  addMessages(locale, (await response.json()) as Messages);
}

/** Makes a locale active: messages, `<html lang>`, Accept-Language and the 365-day cookie. */
export async function applyLocale(locale: Locale): Promise<void> {
  // first: the calls that start while the messages load already speak the new language
  setApiLanguage(locale);
  await loadMessages(locale);
  document.documentElement.lang = locale;
  document.cookie = localeCookie(locale);
  if (current !== locale) {
    current = locale;
    listeners.forEach((listener) => listener());
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const currentLocale = () => current;

/** `t` of the active locale; components re-render when the language changes. */
export function useTranslation(): { t: Translate; locale: Locale } {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  const t = useMemo<Translate>(() => (key, values) => translate(locale, key, values), [locale]);
  return { t, locale };
}

export const formatDate = (value: Date | string, locale: Locale) =>
  dateFormat(locale, 'long').format(new Date(value));

const numberFormats = boundedMemo(
  (locale) => new Intl.NumberFormat(regionOf(locale as Locale)),
  LOCALES.length,
);

export const formatNumber = (value: number, locale: Locale) => numberFormats(locale).format(value);
