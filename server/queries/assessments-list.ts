import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AssessmentStatus, ModuleStatus, ModuleType } from '../../domain/constants.ts';
import type {
  AssessmentFilters,
  AssessmentOrdering,
} from '../../domain/schemas/assessments-list.ts';
import type { Queryable } from '../db/client.ts';
import { oneOf, pageOf, rowsOf, runNamed } from '../db/rows.ts';
import { assessments, modules } from '../db/schema/index.ts';
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

/** A listed assessment as one flat row: its own columns, its module, group and student. */
export interface AssessmentListRow {
  id: number;
  status: AssessmentStatus;
  grade: string | null;
  version: number;
  is_included_in_grade_summary: boolean;
  validated_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  module_id: number;
  module_name: string;
  module_type: ModuleType;
  module_status: ModuleStatus;
  group_id: number | null;
  group_name: string | null;
  student_id: number;
  student_first_name: string;
  student_last_name: string;
}

/**
 * An assessment's time as the answers give it (`toISOString()`: UTC, milliseconds), written by the
 * database: parsing a hundred timestamps a page in JavaScript cost a twentieth of a list's CPU.
 */
const iso = (column: string) =>
  sql.raw(`to_char(assessments.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    as ${column}`);

/**
 * What a listed assessment shows (not its comment, nor who validated it), hand-written: building
 * the ORM's select and mapping its nested rows cost more of our CPU than the query.
 */
const LISTED = sql`select assessments.id, assessments.status, assessments.grade::text as grade,
    assessments.version, assessments.is_included_in_grade_summary,
    ${iso('validated_at')}, ${iso('closed_at')}, ${iso('created_at')}, ${iso('updated_at')},
    modules.id as module_id, modules.name as module_name, modules.module_type,
    modules.status as module_status,
    assessment_groups.id as group_id, assessment_groups.name as group_name,
    student.id as student_id, student.first_name as student_first_name,
    student.last_name as student_last_name
  from assessments join modules on modules.id = assessments.module_id
    join profiles student on student.id = assessments.student_id
    left join assessment_groups on assessment_groups.id = assessments.group_id`;

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
  const byOrder = sql.join(order, sql`, `);
  const pageIds = sql`select ${assessments.id} from ${assessments} where ${where}
    order by ${byOrder} ${pageOf(paging)}`;
  const joined = byModule(filters.ordering);
  const selected = sql`${LISTED}
    where ${joined ? where : sql`${assessments.id} in (${pageIds})`}
    order by ${byOrder} ${joined ? pageOf(paging) : sql``}`;
  const [rows, [total]] = await Promise.all([
    rowsOf<AssessmentListRow>(q, selected),
    // no join: the filters reach modules and groups through subqueries, so an instructor's count
    // reads the (group, student, id) index alone
    runNamed(q.select({ n: count() }).from(assessments).where(where)),
  ]);
  return { count: total?.n ?? 0, rows };
}
