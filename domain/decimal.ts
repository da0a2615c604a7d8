/**
 * Exact decimal arithmetic for grades, weights, coefficients and points.
 *
 * Values cross the API as decimal strings ("4.5", "0", "2"). Inside, they are exact rationals
 * (BigInt numerator and denominator), so 15.5 / 3 stays 31/6 until it is rounded: no binary
 * float ever touches a grade, and 4.25 rounded to the half is 4.5, always.
 */

/** An exact rational number: `num / den`, with `den > 0` and the fraction reduced. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

const POWERS_OF_TEN = Array.from({ length: 19 }, (_, exponent) => 10n ** BigInt(exponent));
const pow10 = (exponent: number) => POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The reduced rational `num / den` (den must not be 0). */
export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError('Division by zero');
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

/** Whether `text` is a plain decimal string: optional sign, digits, optional fraction digits. */
export function isDecimal(text: unknown): text is string {
  return typeof text === 'string' && DECIMAL_PATTERN.test(text);
}

/** Parsed decimal strings: grades, weights and points repeat a lot; rationals are immutable. */
const parsed = new Map<string, Rational>();
const PARSED_CACHE_SIZE = 10_000;

/** Parses a decimal string ("4.5", "-0.25", "2") exactly; throws on anything else. */
export function parseDecimal(text: string): Rational {
  const known = parsed.get(text);
  if (known) return known;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const digits = BigInt(`${whole}${fraction}`);
  const value = rational(sign === '-' ? -digits : digits, pow10(fraction.length));
  if (parsed.size >= PARSED_CACHE_SIZE) parsed.clear();
  parsed.set(text, value);
  return value;
}

/** A rational from a decimal string, or the rational itself. */
export function toRational(value: Rational | string): Rational {
  return typeof value === 'string' ? parseDecimal(value) : value;
}

export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function div(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError('Division by zero');
  return rational(a.num * b.den, a.den * b.num);
}

/** Sum of a list of rationals (0 for none). */
export function sum(values: readonly Rational[]): Rational {
  return values.reduce(add, ZERO);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. Accepts decimal strings too. */
export function compare(a: Rational | string, b: Rational | string): -1 | 0 | 1 {
  const x = toRational(a);
  const y = toRational(b);
  const left = x.num * y.den;
  const right = y.num * x.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function isZero(value: Rational): boolean {
  return value.num === 0n;
}

function isInteger(value: Rational): boolean {
  return value.den === 1n;
}

/** The integer nearest to num / den (den > 0), halves rounded away from zero. */
function divideRounding(num: bigint, den: bigint): bigint {
  const magnitude = num < 0n ? -num : num;
  const rounded = (2n * magnitude + den) / (2n * den);
  return num < 0n ? -rounded : rounded;
}

/** The integer nearest to `value`, halves rounded away from zero ("commercial" rounding). */
function roundHalfAwayFromZero(value: Rational): bigint {
  return divideRounding(value.num, value.den);
}

/** Number of digits after the decimal point of a decimal string ("0.5" → 1, "1" → 0). */
export function scaleOf(text: string): number {
  return DECIMAL_PATTERN.exec(text)?.[3]?.length ?? 0;
}

/**
 * `value` written with exactly `digits` fraction digits, the last one rounded half away from
 * zero: formatFixed(31/6, 4) → "5.1667", formatFixed(5, 1) → "5.0".
 */
export function formatFixed(value: Rational, digits: number): string {
  const scaled = divideRounding(value.num * pow10(digits), value.den);
  const negative = scaled < 0n;
  const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * `value` as a short decimal string: at most `maxDigits` fraction digits (rounded half away
 * from zero), trailing zeros dropped. 3/2 → "1.5", 2 → "2", 11/3 → "3.6667".
 */
export function formatDecimal(value: Rational | string, maxDigits = 4): string {
  return withoutTrailingZeros(formatFixed(toRational(value), maxDigits));
}

/** "4.500" → "4.5", "2.0" → "2", "-0.0" → "0": a written decimal without its needless zeros. */
function withoutTrailingZeros(text: string): string {
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/** A decimal of at most four fraction digits, written without leading zeros, as stored. */
const SHORT_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d{1,4})?$/;

/**
 * A stored decimal ("4.500") as the API writes it ("4.5"); null stays null. A stored value that
 * needs no rounding (every grade and point of four digits or fewer) only loses its trailing
 * zeros, as formatDecimal would write it: an assessment page writes a few hundred of them.
 */
export function decimalOut(value: string): string;
export function decimalOut(value: string | null | undefined): string | null;
export function decimalOut(value: string | null | undefined): string | null {
  if (value == null) return null;
  return SHORT_DECIMAL.test(value) ? withoutTrailingZeros(value) : formatDecimal(value);
}

/** The canonical decimal string of a decimal string ("4.50" → "4.5", "02" → "2"). */
export function normalizeDecimal(text: string): string {
  return formatDecimal(parseDecimal(text), scaleOf(text));
}

/**
 * `value` rounded half away from zero to a multiple of `step` ("0.1", "0.5", "1"), written with
 * as many fraction digits as the step has: roundToStep("4.25", "0.5") → "4.5",
 * roundToStep(11/3, "0.1") → "3.7", roundToStep("5", "0.1") → "5.0", roundToStep("4.5", "1") → "5".
 */
export function roundToStep(value: Rational | string, step: string): string {
  return formatFixed(roundToStepRational(value, step), scaleOf(step));
}

/** Like roundToStep, as an exact rational. */
export function roundToStepRational(value: Rational | string, step: string): Rational {
  const size = parseDecimal(step);
  if (size.num <= 0n) throw new RangeError(`Step must be positive: ${step}`);
  const multiples = roundHalfAwayFromZero(div(toRational(value), size));
  return mul(rational(multiples), size);
}

/** Whether `value` is `origin` plus a whole number of `step`s (a grade on its grid). */
export function isOnStep(
  value: Rational | string,
  step: Rational | string,
  origin: Rational | string = ZERO,
): boolean {
  const size = toRational(step);
  if (size.num <= 0n) return false;
  return isInteger(div(sub(toRational(value), toRational(origin)), size));
}
