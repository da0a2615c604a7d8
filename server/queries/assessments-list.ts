import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AssessmentStatus, ModuleStatus, ModuleType } from '../../domain/constants.ts';
import type {
  AssessmentFilters,
  AssessmentOrdering,
} from '../../domain/schemas/assessments-list.ts';
import type { Queryable } from '../db/client.ts';
import { readTogether } from '../db/parallel.ts';
import {
  countCarried,
  idsFilter,
  idsShapeOf,
  idsValue,
  pageOf,
  rowsCompiledByShape,
  type IdsShape,
} from '../db/rows.ts';
import { assessments, modules } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import {
  assessmentListWhere,
  groupInstructedBy,
  listReachOf,
  type ListReachShape,
  type ListReachValues,
} from '../policies/assessments.ts';

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

/** What changes the text of a list's WHERE: the reader's reach and which filters are given. */
interface FilterShape {
  reach: ListReachShape;
  module: IdsShape;
  group: IdsShape;
  student: IdsShape;
  status: boolean;
  instructor: boolean;
  included: boolean;
}

/** What changes the text of a page: its WHERE, its order and its size. */
interface PageShape extends FilterShape {
  ordering: AssessmentOrdering;
  limit: number;
}

type FilterValues = ListReachValues & {
  module: number | number[];
  group: number | number[];
  student: number | number[];
  statuses: string[];
  instructor: number;
  included: boolean;
};

function filterWhere(shape: FilterShape): SQL {
  return and(
    assessmentListWhere(shape.reach),
    idsFilter(assessments.moduleId, 'module', shape.module),
    idsFilter(assessments.groupId, 'group', shape.group),
    idsFilter(assessments.studentId, 'student', shape.student),
    shape.status
      ? sql`${assessments.status} = any(${sql.placeholder('statuses')}::text[])`
      : undefined,
    shape.instructor ? groupInstructedBy(sql.placeholder('instructor')) : undefined,
    shape.included
      ? eq(assessments.isIncludedInGradeSummary, sql.placeholder('included'))
      : undefined,
  )!;
}

/** The actor's reach and the filters as a shape and the values of its placeholders. */
function filterOf(
  actor: Actor,
  f: AssessmentFilters,
): { shape: FilterShape; values: FilterValues } {
  const reach = listReachOf(actor);
  const shape: FilterShape = {
    reach: reach.shape,
    module: idsShapeOf(f.module),
    group: idsShapeOf(f.group),
    student: idsShapeOf(f.student),
    status: (f.status?.length ?? 0) > 0,
    instructor: f.instructor !== undefined,
    included: f.is_included_in_grade_summary !== undefined,
  };
  const values: FilterValues = {
    ...reach.values,
    module: idsValue(f.module ?? []),
    group: idsValue(f.group ?? []),
    student: idsValue(f.student ?? []),
    statuses: f.status ?? [],
    instructor: f.instructor ?? 0,
    included: f.is_included_in_grade_summary === 'true',
  };
  return { shape, values };
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
    student.last_name as student_last_name`;

/** Where a listed assessment's module, student and group come from, once its id is chosen. */
const JOINED = sql`join modules on modules.id = assessments.module_id
    join profiles student on student.id = assessments.student_id
    left join assessment_groups on assessment_groups.id = assessments.group_id`;

/**
 * A module, group or student holds few assessments, and so do a reader's groups, own reports or
 * wards', though the planner cannot see how few: their list reads all of them for any page.
 */
function isNarrow(shape: FilterShape): boolean {
  const { reach } = shape;
  return (
    shape.module !== 'none' ||
    shape.group !== 'none' ||
    shape.student !== 'none' ||
    shape.instructor ||
    (!reach.all && reach.units === 'none')
  );
}

/**
 * The order of a page. Ordered by id, a narrow list (isNarrow) would walk the whole table along
 * its primary key until the page fills (5 ms for a module created late, against 0.1 ms; every
 * assessment of the unit for an instructor of 10 of them). Ordering those few by an expression
 * makes it read them through their own index and sort them.
 */
function orderOf(shape: PageShape): SQL {
  const byId = shape.ordering === 'id' || shape.ordering === '-id';
  const first =
    isNarrow(shape) && byId
      ? sql`${assessments.id} + 0 ${sql.raw(shape.ordering === 'id' ? 'asc' : 'desc')}`
      : ORDER_BY[shape.ordering];
  return sql`${first}, ${asc(assessments.id)}`;
}

/** The orderings by module name: the only ones whose page is chosen through a join. */
const byModule = (ordering: AssessmentOrdering) => ordering === 'module' || ordering === '-module';

/**
 * A page of the list, compiled once for each shape. The page's ids are chosen among the
 * assessments alone (an instructor's thousands come from the (group, student, id) index), joined
 * to their module only when ordered by its name, then only those 25 are joined to their module,
 * student and group. Joining all three before choosing read a student's row for each of an
 * instructor's 6,000 assessments to sort them by module. A narrow list reads all its assessments
 * to choose the page anyway, so the same statement counts them (`count(*) over ()`): its count
 * costs no second read. A wider list stops at its page and is counted apart.
 */
const pageRows = rowsCompiledByShape<
  AssessmentListRow & { total: number | string | null },
  FilterValues & { offset: number },
  PageShape
>((shape) => {
  const order = orderOf(shape);
  const chosenFrom = byModule(shape.ordering)
    ? sql`${assessments} join ${modules} on ${modules.id} = ${assessments.moduleId}`
    : sql`${assessments}`;
  const total = isNarrow(shape) ? sql`count(*) over ()` : sql`null`;
  return sql`with page as (
      select ${assessments.id} as page_id, ${total} as total from ${chosenFrom}
      where ${filterWhere(shape)} order by ${order}
      ${pageOf({ limit: shape.limit, offset: sql.placeholder('offset') })}
    )
    ${LISTED}, page.total from page join ${assessments} on ${assessments.id} = page.page_id
      ${JOINED}
    order by ${order}`;
});

/**
 * The count of the list, compiled once for each shape. No join: the filters reach modules and
 * groups through subqueries, so an instructor's count reads the (group, student, id) index alone.
 */
const countRows = rowsCompiledByShape<{ n: number }, FilterValues, FilterShape>(
  (shape) => sql`select count(*)::int as n from ${assessments} where ${filterWhere(shape)}`,
);

/** One page of the assessments the actor may see, and their count. */
export async function listAssessments(
  q: Queryable,
  actor: Actor,
  filters: AssessmentFilters,
  paging: { limit: number; offset: number },
) {
  const { shape, values } = filterOf(actor, filters);
  const pageShape = { ...shape, ordering: filters.ordering, limit: paging.limit };
  const page = () => pageRows(q, pageShape, { ...values, offset: paging.offset });
  const countAll = async () => (await countRows(q, shape, values))[0]!.n;
  if (!isNarrow(shape)) {
    const [rows, count] = await readTogether(q, [page, countAll] as const);
    return { count, rows };
  }
  const rows = await page();
  return { count: await countCarried(rows, paging.offset, countAll), rows };
}
