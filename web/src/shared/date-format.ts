import { regionOf, type Locale } from './locale.ts';

/** An ISO date (YYYY-MM-DD) as the reader writes it, e.g. 5 mars 2026. */
export const formatDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(regionOf(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );

/** The day of a moment (an ISO timestamp) in Switzerland, as the reader writes it. */
export const formatMomentDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(regionOf(locale), {
    dateStyle: 'medium',
    timeZone: 'Europe/Zurich',
  }).format(new Date(iso));

/** A moment (an ISO timestamp) in Switzerland with its time, e.g. 25 nov. 2026, 14:03. */
export const formatMoment = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(regionOf(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Zurich',
  }).format(new Date(iso));
