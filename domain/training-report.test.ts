import { describe, expect, it } from 'vitest';
import {
  isMinorOn,
  levelGap,
  missingSignatures,
  needsLegalRepresentative,
  semesterCode,
  semesterSpan,
} from './training-report.ts';

describe('the age rule of the sign-off', () => {
  it('counts 17 years and 364 days as a minor, 18 years as of age', () => {
    expect(isMinorOn('2008-11-27', '2026-11-26')).toBe(true);
    expect(isMinorOn('2008-11-26', '2026-11-26')).toBe(false);
    expect(isMinorOn('1990-01-01', '2026-11-26')).toBe(false);
  });

  it('brings someone born on 29 February of age on 1 March of a common year', () => {
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-03-01')).toBe(false);
    expect(isMinorOn('2008-02-29', '2028-02-29')).toBe(false);
  });

  it('asks for a legal representative of a student of unknown age only when they have one', () => {
    expect(needsLegalRepresentative(null, '2026-11-26', true)).toBe(true);
    expect(needsLegalRepresentative(null, '2026-11-26', false)).toBe(false);
    expect(needsLegalRepresentative('2010-05-01', '2026-11-26', false)).toBe(true);
  });
});

describe('the parties a report waits for', () => {
  it('lists instructor, student and a minor’s legal representative, in that order, until signed', () => {
    expect(missingSignatures([], true)).toEqual(['INSTRUCTOR', 'STUDENT', 'LEGAL_REPRESENTATIVE']);
    expect(missingSignatures(['STUDENT'], false)).toEqual(['INSTRUCTOR']);
    expect(missingSignatures(['LEGAL_REPRESENTATIVE', 'INSTRUCTOR', 'STUDENT'], true)).toEqual([]);
  });
});

describe('the side-by-side view', () => {
  it('measures how many levels apart two evaluations are', () => {
    expect(levelGap('GOOD', 'INSUFFICIENT')).toBe(2);
    expect(levelGap('INSUFFICIENT', 'SUFFICIENT')).toBe(1);
    expect(levelGap('GOOD', 'GOOD')).toBe(0);
    expect(levelGap(null, 'GOOD')).toBeNull();
  });
});

describe('semester codes', () => {
  it('starts YYYY-1 in August of YYYY and YYYY-2 in February of YYYY+1', () => {
    expect(semesterSpan('2026-1')).toEqual({ start: '2026-08-01', end: '2027-01-31' });
    expect(semesterSpan('2026-2')).toEqual({ start: '2027-02-01', end: '2027-07-31' });
    expect(['2026-08-01', '2027-01-31', '2027-02-01', '2027-07-31'].map(semesterCode)).toEqual([
      '2026-1',
      '2026-1',
      '2026-2',
      '2026-2',
    ]);
  });
});
