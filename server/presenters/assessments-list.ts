import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ASSESSMENT_STATUSES, MODULE_STATUSES, MODULE_TYPES } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, assessments, modules, profiles } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assessmentListWhere, groupInstructedBy } from '../policies/assessments.ts';
import { repeated } from './page.ts';
import { decimalOut } from './assessments-detail.ts';

export const ASSESSMENT_ORDERINGS = {
  id: asc(assessments.id),
  '-id': desc(assessments.id),
  created_at: asc(assessments.createdAt),
  '-created_at': desc(assessments.createdAt),
  updated_at: asc(assessments.updatedAt),
  '-updated_at': desc(assessments.updatedAt),
  status: asc(assessments.status),
  '-status': desc(assessments.status),
  grade: asc(assessments.grade),
  '-grade': desc(assessments.grade),
  module: asc(modules.name),
  '-module': desc(modules.name),
} as const;
type Ordering = keyof typeof ASSESSMENT_ORDERINGS;

const id = z.coerce.number().int().positive();
export const assessmentFilters = {
  module: repeated(id),
  group: repeated(id),
  student: repeated(id),
  instructor: id.optional(),
  status: repeated(z.enum(ASSESSMENT_STATUSES)),
  is_included_in_grade_summary: z.enum(['true', 'false']).optional(),
  ordering: z.enum(Object.keys(ASSESSMENT_ORDERINGS) as [Ordering, ...Ordering[]]).default('id'),
};

export const assessmentListItem = z.object({
  id: z.number().int(),
  status: z.enum(ASSESSMENT_STATUSES),
  grade: z.string().nullable(),
  version: z.number().int(),
  is_included_in_grade_summary: z.boolean(),
  module: z.object({
    id: z.number().int(),
    name: z.string(),
    module_type: z.enum(MODULE_TYPES),
    status: z.enum(MODULE_STATUSES),
  }),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  validated_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

type Filters = {
  module?: number[];
  group?: number[];
  student?: number[];
  instructor?: number;
  status?: (typeof ASSESSMENT_STATUSES)[number][];
  is_included_in_grade_summary?: 'true' | 'false';
  ordering: Ordering;
};

function filterWhere(actor: Actor, f: Filters): SQL {
  return and(
    assessmentListWhere(actor),
    f.module ? inArray(assessments.moduleId, f.module) : undefined,
    f.group ? inArray(assessments.groupId, f.group) : undefined,
    f.student ? inArray(assessments.studentId, f.student) : undefined,
    f.status ? inArray(assessments.status, f.status) : undefined,
    f.instructor ? groupInstructedBy(f.instructor) : undefined,
    f.is_included_in_grade_summary
      ? eq(assessments.isIncludedInGradeSummary, f.is_included_in_grade_summary === 'true')
      : undefined,
  )!;
}

const student = alias(profiles, 'student');

/** One page of the assessments the actor may see, and their count: two queries. */
export async function listAssessments(
  q: Queryable,
  actor: Actor,
  filters: Filters,
  paging: { limit: number; offset: number },
) {
  const where = filterWhere(actor, filters);
  const [rows, [total]] = await Promise.all([
    q
      .select({
        a: assessments,
        module: {
          id: modules.id,
          name: modules.name,
          module_type: modules.moduleType,
          status: modules.status,
        },
        group: { id: assessmentGroups.id, name: assessmentGroups.name },
        student: { id: student.id, first_name: student.firstName, last_name: student.lastName },
      })
      .from(assessments)
      .innerJoin(modules, eq(modules.id, assessments.moduleId))
      .innerJoin(student, eq(student.id, assessments.studentId))
      .leftJoin(assessmentGroups, eq(assessmentGroups.id, assessments.groupId))
      .where(where)
      .orderBy(ASSESSMENT_ORDERINGS[filters.ordering], asc(assessments.id))
      .limit(paging.limit)
      .offset(paging.offset),
    q
      .select({ n: count() })
      .from(assessments)
      .innerJoin(modules, eq(modules.id, assessments.moduleId))
      .where(where),
  ]);
  const results = rows.map(({ a, module, group, student }) => ({
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
  }));
  return { count: total?.n ?? 0, results };
}
