import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format.ts';

describe('numberFormat', () => {
  it('writes a grade with its tenth and the decimal sign of the language', () => {
    expect(numberFormat('fr').grade('4.5')).toBe('4,5');
    expect(numberFormat('fr').grade('3')).toBe('3,0');
    expect(numberFormat('de').grade('5')).toBe('5.0');
    expect(numberFormat('it').grade('3.75')).toBe('3.8');
  });

  it('rounds from the exact decimal, half away from zero, never through a float', () => {
    // 4.35 as a binary float is 4.3499999…: a float formatter would write 4,3
    expect(numberFormat('fr').grade('4.35')).toBe('4,4');
    expect(numberFormat('de').grade('4.349')).toBe('4.3');
  });

  it('writes other decimals as short as they go, up to four digits by default', () => {
    expect(numberFormat('fr').decimal('1.20')).toBe('1,2');
    expect(numberFormat('fr').decimal('2')).toBe('2');
    expect(numberFormat('fr').decimal('3.666666')).toBe('3,6667');
    expect(numberFormat('de').decimal('1.255', 2)).toBe('1.26');
  });
});
