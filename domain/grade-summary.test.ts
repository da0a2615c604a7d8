import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { averageGrade, buildGradeSummary, isInsufficient } from './grade-summary.ts';
import { compare, isOnStep } from './decimal.ts';

describe('grade summary', () => {
  const assessments = [
    { id: 1, module_type: 'TRAINING_REPORT' as const, grade: '5.0', name: 'Semestre 1' },
    { id: 2, module_type: 'INTERCOMPANY_COURSE' as const, grade: '3.5', name: 'CIE 1' },
    { id: 3, module_type: 'INTERCOMPANY_COURSE' as const, grade: '4.8', name: 'CIE 2' },
    { id: 4, module_type: 'INTERCOMPANY_COURSE' as const, grade: null, name: 'CIE 3' },
    { id: 5, module_type: 'TRAINING_REPORT' as const, grade: '4', name: 'Semestre 2' },
  ];

  it('groups by module type in the fixed order, keeping the given order inside', () => {
    const summary = buildGradeSummary(assessments);
    expect(summary.groups.map((group) => group.module_type)).toEqual([
      'INTERCOMPANY_COURSE',
      'TRAINING_REPORT',
    ]);
    expect(summary.groups[0]!.assessments.map((a) => a.id)).toEqual([2, 3, 4]);
    expect(summary.groups[0]!.assessments[0]).toMatchObject({ name: 'CIE 1', grade: '3.5' });
  });

  it('averages per type and overall as plain means to the tenth, without the ungraded', () => {
    const summary = buildGradeSummary(assessments);
    // (3.5 + 4.8) / 2 = 4.15 → 4.2; (5 + 4) / 2 = 4.5; (5 + 3.5 + 4.8 + 4) / 4 = 4.325 → 4.3
    expect(summary.groups.map((group) => group.average)).toEqual(['4.2', '4.5']);
    expect(summary.average).toBe('4.3');
  });

  it('marks each grade below 4 insufficient', () => {
    const summary = buildGradeSummary(assessments);
    const marks = summary.groups.flatMap((g) =>
      g.assessments.map((a) => [a.id, a.is_insufficient]),
    );
    expect(marks).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [1, false],
      [5, false],
    ]);
    expect(isInsufficient('3.9')).toBe(true);
    expect(isInsufficient('4.0')).toBe(false);
    expect(isInsufficient(null)).toBe(false);
  });

  it('marks an insufficient average', () => {
    const summary = buildGradeSummary([
      { module_type: 'TRAINING_PLAN' as const, grade: '3.5' },
      { module_type: 'TRAINING_PLAN' as const, grade: '4' },
    ]);
    expect(summary.groups[0]).toMatchObject({ average: '3.8', is_insufficient: true });
    expect(summary.is_insufficient).toBe(true);
  });

  it('is empty without assessments', () => {
    expect(buildGradeSummary([])).toEqual({ groups: [], average: null, is_insufficient: false });
  });

  it('averages stay between the lowest and highest grade, on the tenth', () => {
    const grade = fc.integer({ min: 10, max: 60 }).map((t) => `${Math.trunc(t / 10)}.${t % 10}`);
    fc.assert(
      fc.property(fc.array(grade, { minLength: 1, maxLength: 30 }), (grades) => {
        const average = averageGrade(grades)!;
        const sorted = [...grades].sort(compare);
        expect(compare(average, sorted[0]!)).toBeGreaterThanOrEqual(0);
        expect(compare(average, sorted.at(-1)!)).toBeLessThanOrEqual(0);
        expect(isOnStep(average, '0.1')).toBe(true);
      }),
    );
  });
});
