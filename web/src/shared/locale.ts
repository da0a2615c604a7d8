import { DEFAULT_LOCALE, LOCALES, LOCALE_REGIONS, type Locale } from '../../../domain/constants.ts';

export { LOCALES, type Locale };

/** The cookie that keeps the visitor's language choice (spec section 9: 365 days). */
export const LOCALE_COOKIE = 'lang';
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** fr-CH, de-CH, it-CH: the formats of dates and numbers. */
export const regionOf = (locale: Locale): string => LOCALE_REGIONS[locale];

/** The prefix of a path (`/de/login` → de), or null when the path has none (French). */
export function prefixOf(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : null;
}

/** The language of a path: its prefix, French without one. */
export const localeOfPath = (pathname: string): Locale => prefixOf(pathname) ?? DEFAULT_LOCALE;

/** The path without its language prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  const prefix = prefixOf(pathname);
  if (!prefix) return pathname || '/';
  return pathname.slice(prefix.length + 1) || '/';
}

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

/** The first supported language among the browser's, by order of preference. */
function fromBrowserLanguages(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * The language of a first visit on a path without prefix (spec section 2): the cookie, then the
 * browser languages, then French. A prefix always wins.
 */
export function detectLocale(input: {
  pathname: string;
  cookie: string | null | undefined;
  browserLanguages: readonly string[];
  detection: boolean;
}): Locale {
  const prefix = prefixOf(input.pathname);
  if (prefix) return prefix;
  if (!input.detection) return DEFAULT_LOCALE;
  if (isLocale(input.cookie)) return input.cookie;
  return fromBrowserLanguages(input.browserLanguages) ?? DEFAULT_LOCALE;
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
