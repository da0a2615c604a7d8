import { LOCALE_REGIONS, type Locale } from './constants.ts';
import { formatDecimal, formatFixed, toRational } from './decimal.ts';

/**
 * The one way numbers are written, on screens, in PDFs and in spreadsheets: from the exact
 * decimal (never through a binary float, so 4.35 is 4,4 everywhere), with the decimal sign of the
 * language (fr-CH 4,5; de-CH and it-CH 4.5).
 */
export interface NumberFormat {
  /** a grade or an average with its tenth: 4,5 / 5,0 */
  grade(value: string): string;
  /** a decimal as short as it goes, up to `digits` fraction digits: 1,2 / 2 / 3,6667 */
  decimal(value: string, digits?: number): string;
}

const separators = new Map<Locale, string>();

function separatorOf(locale: Locale): string {
  let separator = separators.get(locale);
  if (separator === undefined) {
    separator =
      new Intl.NumberFormat(LOCALE_REGIONS[locale])
        .formatToParts(1.5)
        .find((part) => part.type === 'decimal')?.value ?? '.';
    separators.set(locale, separator);
  }
  return separator;
}

export function numberFormat(locale: Locale): NumberFormat {
  const separator = separatorOf(locale);
  const localized = (text: string) => text.replace('.', separator);
  return {
    grade: (value) => localized(formatFixed(toRational(value), 1)),
    decimal: (value, digits = 4) => localized(formatDecimal(value, digits)),
  };
}
