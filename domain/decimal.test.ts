import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  add,
  compare,
  decimalOut,
  div,
  formatDecimal,
  formatFixed,
  isDecimal,
  isOnStep,
  mul,
  normalizeDecimal,
  parseDecimal,
  rational,
  roundToStep,
  sub,
} from './decimal.ts';

describe('parseDecimal and formatDecimal', () => {
  it.each([
    ['4.5', '4.5'],
    ['4.50', '4.5'],
    ['0', '0'],
    ['-0.25', '-0.25'],
    ['+2', '2'],
    ['007.100', '7.1'],
  ])('%s reads back as %s', (text, expected) => {
    expect(formatDecimal(parseDecimal(text), 6)).toBe(expected);
    expect(normalizeDecimal(text)).toBe(expected);
  });

  it.each(['', '4,5', '.5', '5.', '1e3', 'abc', ' 4', 'NaN', '--1'])('refuses %j', (text) => {
    expect(isDecimal(text)).toBe(false);
    expect(() => parseDecimal(text)).toThrow(RangeError);
  });

  it('formats repeating fractions to the digits asked, rounding half away from zero', () => {
    expect(formatDecimal(rational(11n, 3n))).toBe('3.6667');
    expect(formatDecimal(rational(-11n, 3n))).toBe('-3.6667');
    expect(formatFixed(rational(31n, 6n), 4)).toBe('5.1667');
    expect(formatFixed(rational(5n), 1)).toBe('5.0');
    expect(formatFixed(rational(-1n, 20n), 1)).toBe('-0.1');
    expect(formatDecimal(rational(-1n, 100000n))).toBe('0');
  });
});

describe('decimalOut', () => {
  it.each([
    ['4.500', '4.5'],
    ['4.000', '4'],
    ['0.0000', '0'],
    ['-0.000', '0'],
    ['-1.2500', '-1.25'],
    ['10', '10'],
    ['3.66666', '3.6667'],
    ['2.00005', '2.0001'],
    ['007.10', '7.1'],
  ])('writes the stored %s as %s', (stored, written) => {
    expect(decimalOut(stored)).toBe(written);
  });

  it('keeps null as null', () => {
    expect(decimalOut(null)).toBeNull();
    expect(decimalOut(undefined)).toBeNull();
  });

  it('writes any stored decimal as formatDecimal does', () => {
    const stored = fc
      .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 7 }))
      .map(([digits, scale]) => {
        const text = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, '0');
        const whole = text.slice(0, text.length - scale);
        const fraction = scale > 0 ? `.${text.slice(text.length - scale)}` : '';
        return `${digits < 0n ? '-' : ''}${whole}${fraction}`;
      });
    fc.assert(
      fc.property(stored, (text) => decimalOut(text) === formatDecimal(text)),
      { numRuns: 2000 },
    );
  });
});

describe('arithmetic is exact', () => {
  it('0.1 + 0.2 is 0.3', () => {
    expect(compare(add(parseDecimal('0.1'), parseDecimal('0.2')), '0.3')).toBe(0);
  });

  it('(a / b) × b is a for any decimals', () => {
    const decimal = fc
      .tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([digits, scale]) => formatFixed(rational(BigInt(digits), 10n ** BigInt(scale)), scale));
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        fc.pre(compare(b, '0') !== 0);
        const quotient = div(parseDecimal(a), parseDecimal(b));
        expect(compare(mul(quotient, parseDecimal(b)), a)).toBe(0);
      }),
    );
  });

  it('compares decimal strings by value', () => {
    expect(compare('4.50', '4.5')).toBe(0);
    expect(compare('10', '9.99')).toBe(1);
    expect(compare('-1', '0')).toBe(-1);
  });
});

describe('roundToStep rounds half away from zero', () => {
  it.each([
    ['4.25', '0.5', '4.5'],
    ['4.24', '0.5', '4.0'],
    ['4.75', '0.5', '5.0'],
    ['3.65', '0.1', '3.7'],
    ['3.649', '0.1', '3.6'],
    ['4.5', '1', '5'],
    ['4.49', '1', '4'],
    ['-4.5', '1', '-5'],
    ['-4.25', '0.5', '-4.5'],
    ['5', '0.1', '5.0'],
    ['6', '0.5', '6.0'],
  ])('%s to %s is %s', (value, step, expected) => {
    expect(roundToStep(value, step)).toBe(expected);
  });

  it('rounds exact rationals: 11/3 to the tenth is 3.7, 31/6 is 5.2', () => {
    expect(roundToStep(rational(11n, 3n), '0.1')).toBe('3.7');
    expect(roundToStep(rational(31n, 6n), '0.1')).toBe('5.2');
  });

  it('lands on the grid and within half a step', () => {
    const steps = fc.constantFrom('0.1', '0.5', '1', '0.25');
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 999 }),
        steps,
        (n, d, step) => {
          const value = rational(BigInt(n), BigInt(d));
          const rounded = roundToStep(value, step);
          expect(isOnStep(rounded, step)).toBe(true);
          const distance = sub(parseDecimal(rounded), value);
          const half = div(parseDecimal(step), rational(2n));
          expect(compare(distance, half)).toBeLessThanOrEqual(0);
          expect(compare(distance, sub(rational(0n), half))).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('isOnStep', () => {
  it.each([
    ['4.5', '0.5', '1', true],
    ['4.25', '0.5', '1', false],
    ['1.5', '0.5', '1', true],
    ['2', '0.3', '1.1', true],
    ['2', '0.3', '1', false],
    ['2', '0', '1', false],
  ])('%s on step %s from %s: %s', (value, step, origin, expected) => {
    expect(isOnStep(value, step, origin)).toBe(expected);
  });
});
