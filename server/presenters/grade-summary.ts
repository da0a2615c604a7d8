import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ASSESSMENT_STATUSES,
  MODULE_TYPES,
  type AssessmentStatus,
  type ModuleType,
} from '../../domain/constants.ts';
import { buildGradeSummary } from '../../domain/grade-summary.ts';
import type { Queryable } from '../db/client.ts';
import { namedRows } from '../db/named-query.ts';
import { decimalOut } from './assessments-detail.ts';

const entry = z.object({
  assessment: z.number().int(),
  module: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  status: z.enum(ASSESSMENT_STATUSES),
  grade: z.string().nullable(),
  is_insufficient: z.boolean(),
});

export const gradeSummarySchema = z.object({
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  groups: z.array(
    z.object({
      module_type: z.enum(MODULE_TYPES),
      average: z.string().nullable(),
      is_insufficient: z.boolean(),
      assessments: z.array(entry),
    }),
  ),
  average: z.string().nullable(),
  is_insufficient: z.boolean(),
});
export type GradeSummary = z.infer<typeof gradeSummarySchema>;

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

/**
 * The student's assessments included in the grade summary (only VALIDATED+ when `validatedOnly`);
 * one hand-written query, as plain rows (building the ORM's select cost more than the query).
 */
export async function loadSummaryRows(q: Queryable, studentId: number, validatedOnly: boolean) {
  const rows = await namedRows<SummaryRow>(
    q,
    `summary_rows_${Number(validatedOnly)}`,
    sql`select a.id, a.status, a.grade::text as grade,
      m.id as m_id, m.name as m_name, m.module_type, m.start_date::text as start_date,
      m.end_date::text as end_date
    from assessments a join modules m on m.id = a.module_id
    where a.student_id = ${studentId} and a.is_included_in_grade_summary
      ${validatedOnly ? sql`and a.status <> 'IN_PROGRESS'` : sql``}
    order by m.start_date asc nulls last, m.name asc, a.id asc`,
  );
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

/** Grouped by module type in the order of MODULE_TYPES, with the averages (domain/grade-summary.ts). */
export function presentGradeSummary(
  student: GradeSummary['student'],
  rows: Awaited<ReturnType<typeof loadSummaryRows>>,
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
