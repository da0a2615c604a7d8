import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants.ts';

/**
 * The language of a visit (spec section 2), shared by the web app, which applies it, and the
 * server, which names the messages of that language in the page it sends so they load at once.
 */

/** The cookie that keeps the visitor's language choice (spec section 9: 365 days). */
export const LOCALE_COOKIE = 'lang';

/** Spec section 2: on a first visit the language may come from the cookie and the browser. */
export const DETECT_BROWSER_LANGUAGE = true;

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The prefix of a path (`/de/login` → de), or null when the path has none (French). */
export function prefixOf(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : null;
}

/** The path without its language prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  const prefix = prefixOf(pathname);
  if (!prefix) return pathname || '/';
  return pathname.slice(prefix.length + 1) || '/';
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
