import { LETTERS, type Locale } from '../../../domain/constants.ts';
import { add, compare, formatDecimal, parseDecimal } from '../../../domain/decimal.ts';
import type { GradeScale } from '../../../domain/grading.ts';
import { numberFormat } from '../../../domain/number-format.ts';

const NONE = '—';

/**
 * A module's, a block's or a summary's grade ("4.5", "5") in the reader's language with its
 * tenth, as the PDFs and spreadsheets write it: "4,5", "5,0"; "—" for none.
 */
export const formatGrade = (value: string | null | undefined, locale: Locale) =>
  value == null || value === '' ? NONE : numberFormat(locale).grade(value);

/**
 * Any other decimal of the API or the engine (a criterion's grade, points, weights, the steps of
 * the explanation: "3.6667") in the reader's language, as short as it goes: "3,6667"; "—" for none.
 */
export const formatNumber = (value: string | null | undefined, locale: Locale) =>
  value == null || value === '' ? NONE : numberFormat(locale).decimal(value);

/** Every grade a scale allows, min to max by step: the only values the grade input offers. */
export function gradeOptions(scale: GradeScale): string[] {
  const step = parseDecimal(scale.step);
  if (compare(step, '0') <= 0) return [];
  const options: string[] = [];
  for (
    let value = parseDecimal(scale.min);
    compare(value, scale.max) <= 0 && options.length < 1000;
    value = add(value, step)
  ) {
    options.push(formatDecimal(value));
  }
  return options;
}

/** The letters of a letter range, best first (A … F). */
export function letterOptions(range: { min: string; max: string }): string[] {
  const from = LETTERS.indexOf(range.min as (typeof LETTERS)[number]);
  const to = LETTERS.indexOf(range.max as (typeof LETTERS)[number]);
  return from < 0 || to < from ? [] : LETTERS.slice(from, to + 1);
}
