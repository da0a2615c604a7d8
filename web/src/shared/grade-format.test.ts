import { describe, expect, it } from 'vitest';
import { formatGrade, formatNumber, gradeOptions, letterOptions } from './grade-format.ts';

describe('assessment inputs', () => {
  it('offers the grades of a scale, min to max by step', () => {
    expect(gradeOptions({ min: '1', max: '6', step: '0.5', weight: '1' })).toEqual([
      '1',
      '1.5',
      '2',
      '2.5',
      '3',
      '3.5',
      '4',
      '4.5',
      '5',
      '5.5',
      '6',
    ]);
    expect(gradeOptions({ min: '4', max: '4.3', step: '0.1', weight: '1' })).toEqual([
      '4',
      '4.1',
      '4.2',
      '4.3',
    ]);
    expect(gradeOptions({ min: '1', max: '6', step: '0', weight: '1' })).toEqual([]);
  });

  it('offers the letters of a range', () => {
    expect(letterOptions({ min: 'A', max: 'F' })).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(letterOptions({ min: 'B', max: 'D' })).toEqual(['B', 'C', 'D']);
    expect(letterOptions({ min: 'D', max: 'B' })).toEqual([]);
  });
});

describe('grades and numbers on screen', () => {
  it('writes a module’s grade with its tenth, as the PDF does, and a dash for none', () => {
    expect(formatGrade('3', 'fr')).toBe('3,0');
    expect(formatGrade('4.5', 'de')).toBe('4.5');
    expect(formatGrade('4.35', 'fr')).toBe('4,4');
    expect(formatGrade(null, 'it')).toBe('—');
  });

  it('writes points and the explanation’s steps as short as they go', () => {
    expect(formatNumber('3.6667', 'fr')).toBe('3,6667');
    expect(formatNumber('2.00', 'de')).toBe('2');
    expect(formatNumber('', 'fr')).toBe('—');
  });
});
