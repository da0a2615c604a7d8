import { boundedMemo } from '../../../domain/bounded-memo.ts';
import { LOCALES, regionOf, type Locale } from './locale.ts';

const STYLES = {
  /** a calendar day, as stored (no time zone): 5 mars 2026 */
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  /** the day of a moment in Switzerland */
  momentDay: { dateStyle: 'medium', timeZone: 'Europe/Zurich' },
  /** a moment in Switzerland with its time: 25 nov. 2026, 14:03 */
  moment: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zurich' },
  /** a date with its month written out, in the browser's time zone: 5. März 2026 */
  long: { dateStyle: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = keyof typeof STYLES;

/**
 * One formatter per language and style, kept: building one costs some fifty times what formatting
 * a date with it does, and a list writes dozens of dates.
 */
const formats = boundedMemo(
  (key) => {
    const [locale, style] = key.split(' ') as [Locale, DateStyle];
    return new Intl.DateTimeFormat(regionOf(locale), STYLES[style]);
  },
  LOCALES.length * Object.keys(STYLES).length,
);

export const dateFormat = (locale: Locale, style: DateStyle): Intl.DateTimeFormat =>
  formats(`${locale} ${style}`);

/** An ISO date (YYYY-MM-DD) as the reader writes it, e.g. 5 mars 2026. */
export const formatDay = (iso: string, locale: Locale) =>
  dateFormat(locale, 'day').format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The day of a moment (an ISO timestamp) in Switzerland, as the reader writes it. */
export const formatMomentDay = (iso: string, locale: Locale) =>
  dateFormat(locale, 'momentDay').format(new Date(iso));

/** A moment (an ISO timestamp) in Switzerland with its time, e.g. 25 nov. 2026, 14:03. */
export const formatMoment = (iso: string, locale: Locale) =>
  dateFormat(locale, 'moment').format(new Date(iso));
