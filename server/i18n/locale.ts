import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts';
import { boundedMemo } from '../../domain/bounded-memo.ts';

/** The first supported language of an Accept-Language header, by quality; fr when none. */
function parseAcceptLanguage(header: string): Locale {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return {
        language: tag.toLowerCase().split('-')[0] ?? '',
        quality: q ? Number(q.slice(2)) : 1,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.language));
  return (match?.language as Locale | undefined) ?? DEFAULT_LOCALE;
}

/**
 * parseAcceptLanguage, remembered: every request carries the header, and browsers send few forms
 * of it (its parsing cost a twentieth of a small answer's CPU).
 */
const rememberedLocale = boundedMemo(parseAcceptLanguage, 200);

export const localeFromAcceptLanguage = (header: string | undefined): Locale =>
  header ? rememberedLocale(header) : DEFAULT_LOCALE;
