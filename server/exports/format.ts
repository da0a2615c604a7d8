import { LOCALE_REGIONS, type Locale } from '../../domain/constants.ts';
import { numberFormat } from '../../domain/number-format.ts';
import { enumLabels, type EnumLabels } from '../i18n/enum-labels.ts';
import { translate, type MessageKey } from '../i18n/index.ts';

export const PRODUCT_NAME = 'Evaluanda';
const TIME_ZONE = 'Europe/Zurich';

/** What an export needs to speak the reader's language: texts, enum labels, Swiss dates and numbers. */
export interface ExportLocale {
  locale: Locale;
  t(key: MessageKey, params?: readonly (string | number)[]): string;
  labels: EnumLabels;
  /** A date without time ("2026-08-01") as 01.08.2026. */
  day(value: string): string;
  /** A moment as 01.08.2026 14:30, Zurich time. */
  moment(value: Date): string;
  /** A grade with one decimal (4.5, 5.0), with the locale's decimal sign. */
  grade(value: string): string;
  /** A decimal as short as it goes (1.2, 2), with the locale's decimal sign. */
  decimal(value: string): string;
}

const exportLocales = new Map<Locale, ExportLocale>();

/** One per language, built on first use: its two date formats took ~0.1 ms to build per export. */
export function exportLocale(locale: Locale): ExportLocale {
  let known = exportLocales.get(locale);
  if (!known) exportLocales.set(locale, (known = newExportLocale(locale)));
  return known;
}

function newExportLocale(locale: Locale): ExportLocale {
  const region = LOCALE_REGIONS[locale];
  const digits = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
  const dayFormat = new Intl.DateTimeFormat(region, { ...digits, timeZone: 'UTC' });
  const momentFormat = new Intl.DateTimeFormat(region, {
    ...digits,
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
  const numbers = numberFormat(locale);
  return {
    locale,
    t: (key, params) => translate(locale, key, params),
    labels: enumLabels(locale),
    day: (value) => dayFormat.format(new Date(`${value}T00:00:00Z`)),
    moment: (value) => momentFormat.format(value).replace(',', ''),
    grade: numbers.grade,
    decimal: (value) => numbers.decimal(value, 2),
  };
}

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** "01.08.2026 – 05.08.2026", one side alone, or null when the module has no dates. */
export function period(l: ExportLocale, start: string | null, end: string | null) {
  if (start && end) return `${l.day(start)} – ${l.day(end)}`;
  if (start) return `${l.t('exportStart')} ${l.day(start)}`;
  if (end) return `${l.t('exportEnd')} ${l.day(end)}`;
  return null;
}

/**
 * `attachment` with the file's name twice (RFC 6266): an ASCII fallback in `filename=` (accents
 * dropped, anything else unsafe replaced) and the full name in `filename*=UTF-8''`. Control and
 * format characters go first: a right-to-left override in a name would make "fdp.exe" read as
 * "exe.pdf" in a file manager.
 */
export function attachment(name: string): string {
  const clean = name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/"/g, '')
    .replace(/[/\\]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  const ascii = clean
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|[:*?<>|;%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
