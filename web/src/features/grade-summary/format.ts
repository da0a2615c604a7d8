import { regionOf, type Locale } from '../../shared/locale.ts';

/** A grade or average ("4.5") in the reader's number format, always with its tenth: 4,5 / 5,0. */
export const formatGrade = (grade: string, locale: Locale) =>
  new Intl.NumberFormat(regionOf(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(Number(grade));

/** An ISO date (YYYY-MM-DD) as the reader writes it, e.g. 5 mars 2026. */
export const formatDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(regionOf(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );
