import {
  GRADE_PRESET,
  INSUFFICIENT_GRADE_BELOW,
  type ModuleType,
} from '../../../../domain/constants.ts';
import type { GradeSummaryJson } from '../../shared/api/grade-summary.ts';

/** A graded assessment placed on the chart. */
export interface ChartPoint {
  assessment: number;
  moduleType: ModuleType;
  module: string;
  /** ISO date: the module's end, else its start */
  date: string;
  grade: string;
  insufficient: boolean;
}

const GRADE_MIN = Number(GRADE_PRESET.min);
const GRADE_MAX = Number(GRADE_PRESET.max);
export const PASS_MARK = Number(INSUFFICIENT_GRADE_BELOW);

/** The graded assessments that have a date, oldest first. */
export function chartPoints(summary: GradeSummaryJson): ChartPoint[] {
  return summary.groups
    .flatMap((group) =>
      group.assessments.flatMap((entry): ChartPoint[] => {
        const date = entry.module.end_date ?? entry.module.start_date;
        if (entry.grade === null || date === null) return [];
        return [
          {
            assessment: entry.assessment,
            moduleType: group.module_type,
            module: entry.module.name,
            date,
            grade: entry.grade,
            insufficient: entry.is_insufficient,
          },
        ];
      }),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.assessment - b.assessment);
}

export interface Frame {
  width: number;
  height: number;
  /** room for the axis labels: left, right, top, bottom */
  pad: { left: number; right: number; top: number; bottom: number };
  /** room between the plot's sides and the first and last dates: a marker never covers a label */
  inset?: number;
}

const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/**
 * Maps dates to x and grades to y inside the frame. One date alone (or all on the same day)
 * sits in the middle; grades run from the scale's minimum at the bottom to its maximum on top.
 */
export function scalesOf(points: readonly ChartPoint[], frame: Frame) {
  const { width, height, pad, inset = 0 } = frame;
  const days = points.map((point) => dayOf(point.date));
  const first = Math.min(...days);
  const last = Math.max(...days);
  const left = pad.left + inset;
  const innerWidth = width - pad.left - pad.right - 2 * inset;
  const innerHeight = height - pad.top - pad.bottom;
  const x = (date: string) =>
    last === first
      ? left + innerWidth / 2
      : left + ((dayOf(date) - first) / (last - first)) * innerWidth;
  const y = (grade: number) =>
    pad.top + ((GRADE_MAX - grade) / (GRADE_MAX - GRADE_MIN)) * innerHeight;
  const gradeTicks = Array.from(
    { length: GRADE_MAX - GRADE_MIN + 1 },
    (_, index) => GRADE_MIN + index,
  );
  return { x, y, gradeTicks };
}
