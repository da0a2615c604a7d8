import type { DueReports, Goal, SelfAssessment } from '../../domain/schemas/training-report.ts';
import type { DueRow } from '../queries/due-reports.ts';
import type { AssessmentHeader } from '../queries/assessment-detail.ts';
import type { GoalRow, SelfAssessmentCriterionRow } from '../queries/training-report.ts';

// the drivers hand timestamps over as text or as Date
const isoOf = (value: string | Date | null | undefined) =>
  value == null ? null : new Date(value).toISOString();

/**
 * GET /assessments/{id}/self-assessment/: the report's criteria with the student's values. Before
 * it is submitted only its student sees them (`shown`); everyone else sees the criteria empty.
 */
export function presentSelfAssessment(
  header: AssessmentHeader,
  criteria: SelfAssessmentCriterionRow[],
  row: { view: string; submitted_at: string | Date | null; version: number } | undefined,
  reader: { isStudent: boolean; editable: boolean },
): SelfAssessment {
  const shown = reader.isStudent || row?.submitted_at != null;
  return {
    assessment: header.assessment.id,
    status: header.assessment.status,
    module: { id: header.module.id, name: header.module.name },
    student: {
      id: header.student!.id,
      first_name: header.student!.firstName ?? '',
      last_name: header.student!.lastName ?? '',
    },
    criteria: criteria.map((c) => ({
      criterion: c.criterion,
      name: c.name,
      description: c.description,
      block: c.block,
      has_evaluation: c.has_evaluation,
      evaluation: shown ? c.evaluation : null,
      text: shown ? (c.text ?? '') : '',
    })),
    view: shown ? (row?.view ?? '') : '',
    submitted_at: isoOf(row?.submitted_at),
    version: row?.version ?? 1,
    editable: reader.editable,
  };
}

export const presentGoal = (row: GoalRow): Goal => ({
  id: row.id,
  assessment: row.assessment_id,
  goal: row.goal,
  measure: row.measure,
  due_date: row.due_date,
  responsible: row.responsible,
  review_status: row.review_status,
  review_comment: row.review_comment,
  reviewed_at: isoOf(row.reviewed_at),
  version: row.version,
});

/** GET /training-reports/due/: the page of students with where their report stands. */
export function presentDueReports(input: {
  units: { id: number; name: string }[];
  semester: string;
  filter: { unitId: number; semester: { start: string; end: string } };
  found: { count: number; states: DueReports['states']; results: DueRow[] };
  choices: Pick<DueReports, 'groups' | 'instructors'>;
}): DueReports {
  const { units, semester, filter, found, choices } = input;
  return {
    unit: filter.unitId,
    units,
    semester,
    ...filter.semester,
    count: found.count,
    states: found.states,
    results: found.results.map((row) => ({
      student: { id: row.student_id, first_name: row.first_name, last_name: row.last_name },
      state: row.state,
      assessment: row.assessment_id,
      group: row.group_id === null ? null : { id: row.group_id, name: row.group_name! },
      signatures_missing: row.missing,
    })),
    ...choices,
  };
}
