import { LETTERS, type Locale } from '../../../domain/constants.ts';
import { add, compare, formatDecimal, parseDecimal } from '../../../domain/decimal.ts';
import type { GradeScale } from '../../../domain/grading.ts';
import { regionOf } from './locale.ts';

/**
 * A decimal string of the API or the engine ("3.7", "3.6667") in the reader's language
 * ("3,7" in French), with up to the four digits of the explanation trail; "—" for none.
 */
export const formatGrade = (value: string | null | undefined, locale: Locale) =>
  value == null || value === ''
    ? '—'
    : new Intl.NumberFormat(regionOf(locale), { maximumFractionDigits: 4 }).format(Number(value));

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
