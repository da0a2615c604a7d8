import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AssessmentFilters,
  AssessmentOrdering,
} from '../../domain/schemas/assessments-list.ts';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, assessments, modules, profiles } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assessmentListWhere, groupInstructedBy } from '../policies/assessments.ts';

const ORDER_BY: Record<AssessmentOrdering, SQL> = {
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
};

function filterWhere(actor: Actor, f: AssessmentFilters): SQL {
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

/** One page of the assessments the actor may see, and their count: two queries run together. */
export async function listAssessments(
  q: Queryable,
  actor: Actor,
  filters: AssessmentFilters,
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
      .orderBy(ORDER_BY[filters.ordering], asc(assessments.id))
      .limit(paging.limit)
      .offset(paging.offset),
    q
      .select({ n: count() })
      .from(assessments)
      .innerJoin(modules, eq(modules.id, assessments.moduleId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}
export type AssessmentListRow = Awaited<ReturnType<typeof listAssessments>>['rows'][number];
