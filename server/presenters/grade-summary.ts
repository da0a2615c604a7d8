import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ASSESSMENT_STATUSES, MODULE_TYPES } from '../../domain/constants.ts';
import { buildGradeSummary } from '../../domain/grade-summary.ts';
import type { Queryable } from '../db/client.ts';
import { assessments, modules } from '../db/schema/index.ts';
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

/** The student's assessments included in the grade summary (only VALIDATED+ when `validatedOnly`); one query. */
export function loadSummaryRows(q: Queryable, studentId: number, validatedOnly: boolean) {
  const conditions: (SQL | undefined)[] = [
    eq(assessments.studentId, studentId),
    eq(assessments.isIncludedInGradeSummary, true),
    validatedOnly ? ne(assessments.status, 'IN_PROGRESS') : undefined,
  ];
  return q
    .select({
      id: assessments.id,
      status: assessments.status,
      grade: assessments.grade,
      module: {
        id: modules.id,
        name: modules.name,
        moduleType: modules.moduleType,
        startDate: modules.startDate,
        endDate: modules.endDate,
      },
    })
    .from(assessments)
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .where(and(...conditions))
    .orderBy(sql`${modules.startDate} asc nulls last`, asc(modules.name), asc(assessments.id));
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
