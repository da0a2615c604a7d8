import { decimalOut } from '../../domain/decimal.ts';
import type { AssessmentListItem } from '../../domain/schemas/assessments-list.ts';
import type { AssessmentListRow } from '../queries/assessments-list.ts';

/** An assessment as GET /api/assessments/ lists it. */
export const presentAssessmentListItem = (row: AssessmentListRow): AssessmentListItem => ({
  id: row.id,
  status: row.status,
  grade: decimalOut(row.grade),
  version: row.version,
  is_included_in_grade_summary: row.is_included_in_grade_summary,
  module: {
    id: row.module_id,
    name: row.module_name,
    module_type: row.module_type,
    status: row.module_status,
  },
  group: row.group_id === null ? null : { id: row.group_id, name: row.group_name! },
  student: {
    id: row.student_id,
    first_name: row.student_first_name,
    last_name: row.student_last_name,
  },
  validated_at: row.validated_at,
  closed_at: row.closed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
