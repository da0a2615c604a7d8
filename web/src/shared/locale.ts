import { DEFAULT_LOCALE, LOCALES, LOCALE_REGIONS, type Locale } from '../../../domain/constants.ts';

import { LOCALE_COOKIE, prefixOf, stripLocale } from '../../../domain/locale.ts';

export { LOCALES, type Locale };
export { detectLocale, LOCALE_COOKIE, prefixOf, stripLocale } from '../../../domain/locale.ts';

const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** fr-CH, de-CH, it-CH: the formats of dates and numbers. */
export const regionOf = (locale: Locale): string => LOCALE_REGIONS[locale];

/** The language of a path: its prefix, French without one. */
export const localeOfPath = (pathname: string): Locale => prefixOf(pathname) ?? DEFAULT_LOCALE;

/** The path in a language: French stays without prefix, the others get theirs. */
export function withLocale(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/**
 * A bare path in the same form as the current one: `/fr/…` stays `/fr/…`, no prefix stays without,
 * /de and /it keep theirs.
 */
export function inSameForm(path: string, currentPathname: string): string {
  const prefix = prefixOf(currentPathname);
  if (!prefix) return withLocale(path, DEFAULT_LOCALE);
  const bare = stripLocale(path);
  return bare === '/'
    ? `/${prefix}`
    : bare.startsWith('/?')
      ? `/${prefix}${bare.slice(1)}`
      : `/${prefix}${bare}`;
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The Set-Cookie string that remembers the language for 365 days. */
export const localeCookie = (locale: Locale): string =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
