/**
 * Building blocks of the request schemas shared by server and web. Error messages are message
 * keys: the spec's form rules where they fit (server/lib/validation.ts maps zod's own issues to
 * them), else keys of our own, listed beside the schema that uses them.
 */
import { z } from 'zod';
import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants.ts';
import { isDecimal, normalizeDecimal, scaleOf } from '../decimal.ts';
import { isCalendarDay } from '../school-calendar.ts';

export const id = z.number().int().positive();

/** The assessment's version a write is based on (optimistic concurrency). */
export const version = z.number().int().positive();

/** What decimal columns hold: numeric(8, 3). */
const DECIMAL_MAX_INTEGER_DIGITS = 5;
const DECIMAL_MAX_FRACTION_DIGITS = 3;

/**
 * A non-negative decimal, given as a string ("4.5") or a JSON number (4.5), read as its
 * canonical string ("4.50" → "4.5"). Keys: number, maxDecimalPlaces, maxValue.
 */
export const decimalString = z.union([z.string().trim(), z.number()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value;
  if (!isDecimal(text) || text.startsWith('-') || text.startsWith('+')) {
    ctx.issues.push({ code: 'custom', message: 'number', input: value });
    return z.NEVER;
  }
  if (scaleOf(text) > DECIMAL_MAX_FRACTION_DIGITS) {
    ctx.issues.push({
      code: 'custom',
      message: 'maxDecimalPlaces',
      params: { values: [DECIMAL_MAX_FRACTION_DIGITS] },
      input: value,
    });
    return z.NEVER;
  }
  const canonical = normalizeDecimal(text);
  if (canonical.split('.')[0]!.length > DECIMAL_MAX_INTEGER_DIGITS) {
    ctx.issues.push({
      code: 'custom',
      message: 'maxValue',
      params: { values: ['99999.999'] },
      input: value,
    });
    return z.NEVER;
  }
  return canonical;
});

/** A colour as #RRGGBB (key: pattern). */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const name = z.string().trim().min(1).max(NAME_MAX_LENGTH);
export const longText = z.string().max(LONG_TEXT_MAX_LENGTH);

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay, 'invalidDate');
