import { decimalOut } from '../../domain/decimal.ts';
import { buildGradeSummary } from '../../domain/grade-summary.ts';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import type { GradeSummaryRow } from '../queries/grade-summary.ts';

/** Grouped by module type in the order of MODULE_TYPES, with the averages (domain/grade-summary.ts). */
export function presentGradeSummary(
  student: GradeSummary['student'],
  rows: GradeSummaryRow[],
): GradeSummary {
  const summary = buildGradeSummary(
    rows.map((row) => ({
      module_type: row.module.moduleType,
      assessment: row.id,
      module: {
        id: row.module.id,
        name: row.module.name,
        start_date: row.module.startDate,
        end_date: row.module.endDate,
      },
      status: row.status,
      grade: decimalOut(row.grade),
    })),
  );
  return {
    student,
    groups: summary.groups.map((group) => ({
      module_type: group.module_type,
      average: decimalOut(group.average),
      is_insufficient: group.is_insufficient,
      assessments: group.assessments.map(({ module_type: _, ...entry }) => entry),
    })),
    average: decimalOut(summary.average),
    is_insufficient: summary.is_insufficient,
  };
}
