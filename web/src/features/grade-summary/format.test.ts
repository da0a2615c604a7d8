import { describe, expect, it } from 'vitest';
import { formatDay, formatGrade } from './format.ts';

describe('formatGrade', () => {
  it('writes one decimal at least, with the decimal sign of the language', () => {
    expect(formatGrade('4.5', 'fr')).toBe('4,5');
    expect(formatGrade('5', 'de')).toBe('5.0');
    expect(formatGrade('3.75', 'it')).toBe('3.75'); // Swiss Italian writes a point, as the exports
  });
});

describe('formatDay', () => {
  it('keeps the calendar day whatever the time zone', () => {
    expect(formatDay('2026-03-01', 'de')).toBe('01.03.2026');
    expect(formatDay('2026-03-01', 'fr')).toMatch(/^1 mars 2026$/);
  });
});
