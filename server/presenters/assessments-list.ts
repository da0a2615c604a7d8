import { decimalOut } from '../../domain/decimal.ts';
import type { AssessmentListItem } from '../../domain/schemas/assessments-list.ts';
import type { AssessmentListRow } from '../queries/assessments-list.ts';

/** An assessment as GET /api/assessments/ lists it. */
export const presentAssessmentListItem = ({
  a,
  module,
  group,
  student,
}: AssessmentListRow): AssessmentListItem => ({
  id: a.id,
  status: a.status,
  grade: decimalOut(a.grade),
  version: a.version,
  is_included_in_grade_summary: a.isIncludedInGradeSummary,
  module,
  group,
  student,
  validated_at: a.validatedAt?.toISOString() ?? null,
  closed_at: a.closedAt?.toISOString() ?? null,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});
