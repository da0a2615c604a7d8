import { sql, type SQL } from 'drizzle-orm';
import type { RiskReason } from '../../domain/constants.ts';
import type { Reach } from '../../domain/policy.ts';
import type { AtRiskGroup, StudentAtRisk } from '../../domain/schemas/at-risk.ts';
import type { Queryable } from '../db/client.ts';
import { oneOf, rowsOf } from '../db/rows.ts';
import { instructedStudentIds } from '../policies/assessments.ts';

export interface AtRiskFilter {
  unit?: number | undefined;
  group?: number | undefined;
  reason?: RiskReason | undefined;
  student?: number | undefined;
}

/** The units whose reasons may be read: those of the reach, narrowed to the filter's. */
function unitsWhere(column: SQL, reach: Reach, unit: number | undefined): SQL {
  const own = reach.all ? sql`true` : oneOf(column, [...reach.unitIds, ...reach.groupUnitIds]);
  return unit === undefined ? own : sql`${own} and ${column} = ${unit}`;
}

/** A reason row the reader may see: in a unit they manage, or about a student they instruct. */
function readable(reach: Reach, me: number | null): SQL {
  if (reach.all) return sql`true`;
  const parts: SQL[] = [];
  // an instructor who manages no unit gets no always-false condition: with it, PostgreSQL's
  // generic plan looked costlier than one planned for the reader, and it planned every request
  if (reach.unitIds.length > 0) parts.push(oneOf(sql`r.unit_id`, reach.unitIds));
  if (reach.groupUnitIds.length > 0 && me !== null)
    parts.push(sql`(${oneOf(sql`r.unit_id`, reach.groupUnitIds)}
      and r.student_id in (${instructedStudentIds(me, (unitId) => oneOf(unitId, reach.groupUnitIds))}))`);
  return parts.length > 0 ? sql.join(parts, sql` or `) : sql`false`;
}

/**
 * By severity, then lowest grade, then name. A page is the first rows of this order (the top of a
 * heap), not a numbering of every student at risk, which sorted them all by name.
 */
const mostSevereFirst = (alias: string) => {
  const of = sql.raw(alias);
  return sql`${of}.severity desc, ${of}.lowest nulls last, ${of}.last_name, ${of}.first_name,
    ${of}.student_id`;
};

interface Paging {
  limit: number;
  offset: number;
}

export interface AtRiskPage {
  count: number;
  results: StudentAtRisk[];
  groups: AtRiskGroup[];
}

/**
 * The CTE `reasons`: the reasons of each student on `page` (a CTE of student_id), as the list
 * shows them. Materialized: a plan made for any values built them again for each student of the
 * page (7 ms instead of 1 for an instructor's list at scale 1).
 */
const reasonsOfPage = (reasons: SQL) => sql`reasons as materialized (
  select v.student_id, json_agg(json_build_object(
      'reason', v.reason, 'unit_id', v.unit_id, 'assessment_id', v.assessment_id,
      'module_name', m.name, 'module_type', v.module_type, 'grade', v.grade,
      'recent_mean', v.recent_mean, 'previous_mean', v.previous_mean,
      'semester_start', v.semester_start, 'semester_end', v.semester_end,
      'group', case when g.id is null then null
        else json_build_object('id', g.id, 'name', g.name) end)
    order by v.weight desc, v.grade::numeric nulls last, v.assessment_id) as list
  from page join ${reasons} v on v.student_id = page.student_id
    left join assessments a on a.id = v.assessment_id
    left join modules m on m.id = a.module_id
    left join assessment_groups g on g.id = v.group_id
  group by v.student_id)`;

/** The page's students (CTEs `page` and `reasons`) with their severity and reasons, in order. */
const results = sql`coalesce((select json_agg(json_build_object(
    'student', json_build_object('id', page.student_id,
      'first_name', page.first_name, 'last_name', page.last_name),
    'severity', page.severity, 'reasons', reasons.list) order by ${mostSevereFirst('page')})
  from page join reasons on reasons.student_id = page.student_id), '[]')`;

/** The groups, with their module's name, among `groupIds`. */
const groupsAmong = (groupIds: SQL) => sql`coalesce((select json_agg(json_build_object('id', g.id,
    'name', g.name, 'module_name', m.name) order by m.name, g.name, g.id)
  from assessment_groups g join modules m on m.id = g.module_id
  where g.id in (${groupIds})), '[]')`;

/**
 * The whole canton's list, unfiltered, from the kept ranking (risk_students, the same severity,
 * lowest grade and name as those weighed from the reasons): a page read from its index, the
 * reasons of its students only and the ranking's kept tally, so the list follows its page and
 * not the canton's size.
 */
async function readCantonAtRisk(q: Queryable, paging: Paging): Promise<AtRiskPage> {
  const [answer] = await rowsOf<AtRiskPage>(
    q,
    sql`with page as (select * from risk_students order by ${mostSevereFirst('risk_students')}
        limit ${paging.limit} offset ${paging.offset}),
      ${reasonsOfPage(sql`risk_reasons`)}
      select (select students from risk_students_tally) as count, ${results} as results,
        case when (select min(unit_id) = max(unit_id) from risk_reasons)
          then ${groupsAmong(sql`select group_id from risk_reasons`)} else '[]' end as groups`,
  );
  return answer!;
}

/**
 * The students within `reach` at risk, one page of them, the most severe first (by severity,
 * then lowest grade, then name), each with their reasons; how many there are; and the groups the
 * reasons come from when they all come from one unit (else only the group filtered by: a choice
 * among the thousands of groups of a canton helps nobody). Reads the kept reasons (the caller
 * refreshes them first, `commands/refresh-risk-reasons.ts`) in one statement: PostgreSQL weighs,
 * sorts, pages and builds the JSON, so the answer carries the page, not every reason of the units.
 * A reader of every unit with no filter gets the kept ranking's page instead (`readCantonAtRisk`).
 */
export async function readAtRisk(
  q: Queryable,
  reach: Reach,
  me: number | null,
  filter: AtRiskFilter,
  paging: Paging,
): Promise<AtRiskPage> {
  const unfiltered = Object.values(filter).every((value) => value === undefined);
  if (reach.all && unfiltered) return readCantonAtRisk(q, paging);
  // else weighed from the reasons the reader may see, narrowed to the filter
  const inGroup =
    filter.group === undefined
      ? sql`true`
      : sql`v.student_id in (select student_id from v where group_id = ${filter.group})`;
  // the group filtered by, when the reasons come from several units (written only when there is one)
  const groupFiltered =
    filter.group === undefined
      ? sql`'[]'`
      : groupsAmong(sql`select group_id from v where group_id = ${filter.group}`);
  const [answer] = await rowsOf<AtRiskPage>(
    q,
    sql`with v as materialized (select r.* from risk_reasons r
        where ${unitsWhere(sql`r.unit_id`, reach, filter.unit)} and (${readable(reach, me)})
          and ${filter.student === undefined ? sql`true` : sql`r.student_id = ${filter.student}`}
          and ${filter.reason === undefined ? sql`true` : sql`r.reason = ${filter.reason}`}),
      ranked as materialized (
        select s.*, p.first_name, p.last_name
        from (select v.student_id, sum(v.weight)::int as severity,
              min(v.grade::numeric) as lowest
            from v where ${inGroup} group by v.student_id) s
          join profiles p on p.id = s.student_id
        where p.erased_at is null and p.status = 'ACTIVE'),
      page as (select * from ranked order by ${mostSevereFirst('ranked')}
        limit ${paging.limit} offset ${paging.offset}),
      ${reasonsOfPage(sql`v`)}
      select (select count(*)::int from ranked) as count, ${results} as results,
        case when (select count(distinct unit_id) from v) <= 1
          then ${groupsAmong(sql`select group_id from v`)}
          else ${groupFiltered}
          end as groups`,
  );
  return answer!;
}
