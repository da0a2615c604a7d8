import { describe, expect, it } from 'vitest';
import type { GradeSummaryJson } from '../../shared/api/grade-summary.ts';
import { chartPoints, scalesOf, type Frame } from './chart-geometry.ts';

const entry = (
  assessment: number,
  grade: string | null,
  start: string | null,
  end: string | null,
) => ({
  assessment,
  module: { id: assessment, name: `M${assessment}`, start_date: start, end_date: end },
  status: 'VALIDATED' as const,
  grade,
  is_insufficient: grade !== null && Number(grade) < 4,
});

const summary: GradeSummaryJson = {
  student: { id: 1, first_name: 'Léa', last_name: 'Muster' },
  groups: [
    {
      module_type: 'INTERCOMPANY_COURSE',
      average: '4.3',
      is_insufficient: false,
      assessments: [entry(3, '5', '2026-03-01', '2026-03-05'), entry(4, '3.5', '2026-01-10', null)],
    },
    {
      module_type: 'TRAINING_REPORT',
      average: null,
      is_insufficient: false,
      assessments: [entry(5, null, '2026-02-01', '2026-02-02'), entry(6, '4', null, null)],
    },
  ],
  average: '4.3',
  is_insufficient: false,
};

const frame: Frame = { width: 120, height: 70, pad: { left: 10, right: 10, top: 10, bottom: 10 } };

describe('chartPoints', () => {
  it('keeps graded assessments with a date, oldest first, dated by their end else start', () => {
    expect(chartPoints(summary).map((p) => [p.assessment, p.date, p.insufficient])).toEqual([
      [4, '2026-01-10', true],
      [3, '2026-03-05', false],
    ]);
  });
});

describe('scalesOf', () => {
  const points = chartPoints(summary);
  const { x, y, gradeTicks } = scalesOf(points, frame);

  it('spreads the dates over the inner width', () => {
    expect(x('2026-01-10')).toBe(10);
    expect(x('2026-03-05')).toBe(110);
  });

  it('puts grade 6 on top, 1 at the bottom, 4 at three fifths', () => {
    expect(y(6)).toBe(10);
    expect(y(1)).toBe(60);
    expect(y(4)).toBe(20 + 10);
    expect(gradeTicks).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the first and last dates off the sides by the inset', () => {
    const inset = scalesOf(points, { ...frame, inset: 12 });
    expect(inset.x('2026-01-10')).toBe(22);
    expect(inset.x('2026-03-05')).toBe(98);
  });

  it('centres a single date', () => {
    expect(scalesOf(points.slice(0, 1), frame).x('2026-01-10')).toBe(60);
  });
});
