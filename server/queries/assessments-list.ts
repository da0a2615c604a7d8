import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AssessmentFilters,
  AssessmentOrdering,
} from '../../domain/schemas/assessments-list.ts';
import type { Queryable } from '../db/client.ts';
import { oneOf, runNamed } from '../db/rows.ts';
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
    f.module ? oneOf(assessments.moduleId, f.module) : undefined,
    f.group ? oneOf(assessments.groupId, f.group) : undefined,
    f.student ? oneOf(assessments.studentId, f.student) : undefined,
    f.status ? inArray(assessments.status, f.status) : undefined,
    f.instructor ? groupInstructedBy(f.instructor) : undefined,
    f.is_included_in_grade_summary
      ? eq(assessments.isIncludedInGradeSummary, f.is_included_in_grade_summary === 'true')
      : undefined,
  )!;
}

const student = alias(profiles, 'student');

/** What a listed assessment shows of its own columns (not its comment, nor who validated it). */
const LISTED = {
  id: assessments.id,
  status: assessments.status,
  grade: assessments.grade,
  version: assessments.version,
  isIncludedInGradeSummary: assessments.isIncludedInGradeSummary,
  validatedAt: assessments.validatedAt,
  closedAt: assessments.closedAt,
  createdAt: assessments.createdAt,
  updatedAt: assessments.updatedAt,
};

/**
 * The order of a page. A module, group or student holds few assessments, but a prepared
 * statement's generic plan cannot see how few: ordered by id, it walks the whole table along its
 * primary key until the page fills (5 ms for a module created late, against 0.1 ms). Ordering
 * those few by an expression makes it read them through their own index and sort them.
 */
function orderOf(filters: AssessmentFilters): SQL[] {
  const narrow = filters.module || filters.group || filters.student;
  const byId = filters.ordering === 'id' || filters.ordering === '-id';
  const first =
    narrow && byId
      ? sql`${assessments.id} + 0 ${sql.raw(filters.ordering === 'id' ? 'asc' : 'desc')}`
      : ORDER_BY[filters.ordering];
  return [first, asc(assessments.id)];
}

/** Orderings on the assessment's own columns: its page is found before any join. */
const byModule = (ordering: AssessmentOrdering) => ordering === 'module' || ordering === '-module';

/**
 * One page of the assessments the actor may see, and their count: two queries run together.
 * The page's ids are chosen among the assessments alone (an instructor's thousands come from the
 * (group, student, id) index), then only those 25 are joined to their module, student and group;
 * the order by module name needs the join first.
 */
export async function listAssessments(
  q: Queryable,
  actor: Actor,
  filters: AssessmentFilters,
  paging: { limit: number; offset: number },
) {
  const where = filterWhere(actor, filters);
  const order = orderOf(filters);
  const pageIds = q
    .select({ id: assessments.id })
    .from(assessments)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset);
  const joined = byModule(filters.ordering);
  const selected = q
    .select({
      a: LISTED,
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
    .where(joined ? where : inArray(assessments.id, pageIds))
    .orderBy(...order)
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    runNamed(joined ? selected.limit(paging.limit).offset(paging.offset) : selected),
    // no join: the filters reach modules and groups through subqueries, so an instructor's count
    // reads the (group, student, id) index alone
    runNamed(q.select({ n: count() }).from(assessments).where(where)),
  ]);
  return { count: total?.n ?? 0, rows };
}
export type AssessmentListRow = Awaited<ReturnType<typeof listAssessments>>['rows'][number];
