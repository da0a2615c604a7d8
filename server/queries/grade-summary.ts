import { sql } from 'drizzle-orm';
import type { AssessmentStatus, ModuleType } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledByShape } from '../db/rows.ts';

interface SummaryRow {
  id: number;
  status: AssessmentStatus;
  grade: string | null;
  m_id: number;
  m_name: string;
  module_type: ModuleType;
  start_date: string | null;
  end_date: string | null;
}

/** Compiled once for each case: only VALIDATED+ when `validatedOnly`, else every status. */
const summaryRows = rowsCompiledByShape<SummaryRow, { studentId: number }, boolean>(
  (validatedOnly) =>
    sql`select a.id, a.status, a.grade::text as grade,
      m.id as m_id, m.name as m_name, m.module_type, m.start_date::text as start_date,
      m.end_date::text as end_date
    from assessments a join modules m on m.id = a.module_id
    where a.student_id = ${sql.placeholder('studentId')} and a.is_included_in_grade_summary
      ${validatedOnly ? sql`and a.status <> 'IN_PROGRESS'` : sql``}
    order by m.start_date asc nulls last, m.name asc, a.id asc`,
);

/**
 * The student's assessments included in the grade summary (only VALIDATED+ when `validatedOnly`);
 * one hand-written query, as plain rows (building the ORM's select cost more than the query).
 */
export async function readGradeSummaryRows(
  q: Queryable,
  studentId: number,
  validatedOnly: boolean,
) {
  const rows = await summaryRows(q, validatedOnly, { studentId });
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    grade: r.grade,
    module: {
      id: r.m_id,
      name: r.m_name,
      moduleType: r.module_type,
      startDate: r.start_date,
      endDate: r.end_date,
    },
  }));
}
export type GradeSummaryRow = Awaited<ReturnType<typeof readGradeSummaryRows>>[number];
