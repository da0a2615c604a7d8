/**
 * A student's grade summary (domain.md "Grade summary"): the assessments included in it,
 * grouped by module type, with the average per type and overall (plain mean of the grades,
 * rounded to the tenth) and every grade below 4 marked insufficient.
 */
import { INSUFFICIENT_GRADE_BELOW, MODULE_TYPES, type ModuleType } from './constants.ts';
import { compare, div, parseDecimal, rational, roundToStep, sum } from './decimal.ts';

const GRADE_SUMMARY_AVERAGE_STEP = '0.1';

/** What the summary needs of an assessment; anything else it carries is passed through. */
export interface SummaryAssessment {
  module_type: ModuleType;
  grade: string | null;
}

type SummaryEntry<T> = T & { is_insufficient: boolean };

interface GradeSummaryGroup<T> {
  module_type: ModuleType;
  assessments: SummaryEntry<T>[];
  /** Null while no assessment of the group has a grade. */
  average: string | null;
  is_insufficient: boolean;
}

export interface GradeSummary<T> {
  /** One group per module type that has assessments, in the order of MODULE_TYPES. */
  groups: GradeSummaryGroup<T>[];
  /** Plain mean of every grade of the summary (not of the group averages). */
  average: string | null;
  is_insufficient: boolean;
}

/** Whether a grade is below the pass mark 4; no grade is not insufficient. */
export function isInsufficient(grade: string | null): boolean {
  return grade !== null && compare(grade, INSUFFICIENT_GRADE_BELOW) < 0;
}

/** The plain mean of the grades, rounded to the tenth; null when there are none. */
export function averageGrade(grades: readonly (string | null)[]): string | null {
  const given = grades.flatMap((grade) => (grade === null ? [] : [parseDecimal(grade)]));
  if (given.length === 0) return null;
  const mean = div(sum(given), rational(BigInt(given.length)));
  return roundToStep(mean, GRADE_SUMMARY_AVERAGE_STEP);
}

export function buildGradeSummary<T extends SummaryAssessment>(
  assessments: readonly T[],
): GradeSummary<T> {
  const groups = MODULE_TYPES.flatMap((moduleType): GradeSummaryGroup<T>[] => {
    const own = assessments.filter((assessment) => assessment.module_type === moduleType);
    if (own.length === 0) return [];
    const average = averageGrade(own.map((assessment) => assessment.grade));
    return [
      {
        module_type: moduleType,
        assessments: own.map((assessment) => ({
          ...assessment,
          is_insufficient: isInsufficient(assessment.grade),
        })),
        average,
        is_insufficient: isInsufficient(average),
      },
    ];
  });
  const average = averageGrade(assessments.map((assessment) => assessment.grade));
  return { groups, average, is_insufficient: isInsufficient(average) };
}
