import { sql, type SQL } from 'drizzle-orm';
import {
  SELF_ASSESSMENT_GAP_CRITERIA,
  SIGNATURE_ROLES,
  type RiskReason,
} from '../../domain/constants.ts';
import type { Reach } from '../../domain/policy.ts';
import type { AtRiskGroup, StudentAtRisk } from '../../domain/schemas/at-risk.ts';
import { dueReportSemester, schoolYearOf, yearBefore } from '../../domain/school-calendar.ts';
import type { Queryable } from '../db/client.ts';
import { oneOf, rowsOf } from '../db/rows.ts';
import { instructedStudentIds } from '../policies/assessments.ts';
import { missingRolesSql } from './training-report.ts';

export interface AtRiskFilter {
  unit?: number | undefined;
  group?: number | undefined;
  reason?: RiskReason | undefined;
  student?: number | undefined;
}

/** The day a module counts for: its end, else its start, else the day it was validated. */
const moduleDay = sql`coalesce(m.end_date, m.start_date, to_char(a.validated_at, 'YYYY-MM-DD'))`;

/** The modules whose day may fall in `span`: decided by the module alone when it has dates. */
const mayFallIn = (span: { start: string; end: string }) =>
  sql`(coalesce(m.end_date, m.start_date) between ${span.start} and ${span.end}
    or (m.end_date is null and m.start_date is null))`;

/** The units whose reasons may be read: those of the reach, narrowed to the filter's. */
function unitsWhere(column: SQL, reach: Reach, unit: number | undefined): SQL {
  const own = reach.all ? sql`true` : oneOf(column, [...reach.unitIds, ...reach.groupUnitIds]);
  return unit === undefined ? own : sql`${own} and ${column} = ${unit}`;
}

/** A reason row the reader may see: in a unit they manage, or about a student they instruct. */
function readable(reach: Reach, me: number | null): SQL {
  if (reach.all) return sql`true`;
  const parts = [oneOf(sql`r.unit_id`, reach.unitIds)];
  if (reach.groupUnitIds.length > 0 && me !== null)
    parts.push(sql`(${oneOf(sql`r.unit_id`, reach.groupUnitIds)}
      and r.student_id in (${instructedStudentIds(me, (unitId) => oneOf(unitId, reach.groupUnitIds))}))`);
  return sql.join(parts, sql` or `);
}

/**
 * One select per reason (training-report.md, "Early warning"), each naming the same columns (any
 * may come first in the union): the
 * student, the unit, the reason and its weight in the severity, its source assessment and group,
 * and its figures. Insufficient grades of the current school year and training reports of the
 * due semester are read from the units' modules through their indexes; falling grades from
 * falling_grades, which a trigger keeps in the transaction of each grade change.
 */
function reasonSelects(reach: Reach, filter: AtRiskFilter, today: string): SQL[] {
  const year = schoolYearOf(today);
  const semester = dueReportSemester(today);
  const units = (column: SQL) => unitsWhere(column, reach, filter.unit);
  const student = (column: SQL) =>
    filter.student === undefined ? sql`true` : sql`${column} = ${filter.student}`;
  const want = (reason: RiskReason) => filter.reason === undefined || filter.reason === reason;
  const selects: SQL[] = [];
  if (want('INSUFFICIENT_GRADE'))
    selects.push(sql`select a.student_id, m.unit_id, 'INSUFFICIENT_GRADE'::text as reason,
        3 as weight, a.id as assessment_id, a.group_id, m.module_type,
        trim_scale(a.grade)::text as grade, null::text as recent_mean, null::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from modules m join assessments a on a.module_id = m.id
      where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
        and ${mayFallIn(year)} and a.grade < 4 and a.status <> 'IN_PROGRESS'
        and a.is_included_in_grade_summary and ${moduleDay} between ${year.start} and ${year.end}`);
  if (want('FALLING_GRADES'))
    selects.push(sql`select f.student_id, f.unit_id, 'FALLING_GRADES'::text as reason,
        2 as weight, f.latest_assessment_id as assessment_id,
        (select a.group_id from assessments a where a.id = f.latest_assessment_id) as group_id,
        f.module_type, null::text as grade,
        trim_scale(round(f.recent_mean, 2))::text as recent_mean,
        trim_scale(round(f.previous_mean, 2))::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from falling_grades f
      where ${units(sql`f.unit_id`)} and ${student(sql`f.student_id`)}`);
  // expected: a training report in the due semester or the year before it; done: one validated.
  // The source is the latest report of the due semester, its group read by id afterwards: an
  // aggregate ordered by id (the group of the latest) made PostgreSQL sort every report of the
  // canton by student for an admin (86,400 at the benchmark's scale 1) instead of hashing them.
  if (want('TRAINING_REPORT_MISSING'))
    selects.push(sql`select x.student_id, x.unit_id, 'TRAINING_REPORT_MISSING'::text as reason,
        1 as weight, x.assessment_id,
        (select l.group_id from assessments l where l.id = x.assessment_id) as group_id,
        'TRAINING_REPORT'::text as module_type, null::text as grade, null::text as recent_mean,
        null::text as previous_mean, ${semester.start}::text as semester_start,
        ${semester.end}::text as semester_end
      from (select a.student_id, m.unit_id,
          max(a.id) filter (where ${moduleDay} >= ${semester.start}) as assessment_id
        from modules m join assessments a on a.module_id = m.id
        where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
          and m.module_type = 'TRAINING_REPORT'
          and ${mayFallIn({ start: yearBefore(semester.start), end: semester.end })}
          and ${moduleDay} between ${yearBefore(semester.start)} and ${semester.end}
        group by a.student_id, m.unit_id
        having not coalesce(bool_or(${moduleDay} >= ${semester.start}
          and a.status <> 'IN_PROGRESS'), false)) x`);
  // validated in the due semester, still waiting for a party's sign-off (none when all have
  // signed: those are dropped before their student is read)
  if (want('TRAINING_REPORT_UNSIGNED'))
    selects.push(sql`select a.student_id, m.unit_id, 'TRAINING_REPORT_UNSIGNED'::text as reason,
        1 as weight, a.id as assessment_id, a.group_id, m.module_type, null::text as grade,
        null::text as recent_mean, null::text as previous_mean,
        ${semester.start}::text as semester_start, ${semester.end}::text as semester_end
      from modules m join assessments a on a.module_id = m.id
        join profiles s on s.id = a.student_id
      where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
        and m.module_type = 'TRAINING_REPORT' and a.status <> 'IN_PROGRESS'
        and ${mayFallIn(semester)} and ${moduleDay} between ${semester.start} and ${semester.end}
        and cardinality(a.signed_roles) < ${SIGNATURE_ROLES.length}
        and cardinality(${missingRolesSql}) > 0`);
  // a submitted self-assessment two levels from the trainer's on several criteria
  if (want('SELF_ASSESSMENT_GAP'))
    selects.push(sql`select a.student_id, m.unit_id, 'SELF_ASSESSMENT_GAP'::text as reason,
        1 as weight, a.id as assessment_id, a.group_id, m.module_type, null::text as grade,
        null::text as recent_mean, null::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from modules m join assessments a on a.module_id = m.id
        join self_assessments sa on sa.assessment_id = a.id and sa.submitted_at is not null
      where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
        and m.module_type = 'TRAINING_REPORT' and ${mayFallIn(year)}
        and ${moduleDay} between ${year.start} and ${year.end}
        and (select count(*) from self_assessment_criteria sc
          join criterion_evaluations e on e.assessment_id = a.id and e.criterion_id = sc.criterion_id
          where sc.assessment_id = a.id
            and ((sc.evaluation = 'GOOD' and e.evaluation = 'INSUFFICIENT')
              or (sc.evaluation = 'INSUFFICIENT' and e.evaluation = 'GOOD')))
          >= ${SELF_ASSESSMENT_GAP_CRITERIA}`);
  return selects;
}

export interface AtRiskPage {
  count: number;
  results: StudentAtRisk[];
  groups: AtRiskGroup[];
}

/**
 * The students within `reach` at risk on `today`, one page of them, the most severe first (by
 * severity, then lowest grade, then name), each with their reasons; how many there are; and the
 * groups the reasons come from. One statement: PostgreSQL weighs, sorts, pages and builds the
 * JSON, so the answer carries the page, not every reason of the units.
 */
export async function readAtRisk(
  q: Queryable,
  reach: Reach,
  me: number | null,
  filter: AtRiskFilter,
  today: string,
  paging: { limit: number; offset: number },
): Promise<AtRiskPage> {
  const inGroup =
    filter.group === undefined
      ? sql`true`
      : sql`v.student_id in (select student_id from v where group_id = ${filter.group})`;
  const [answer] = await rowsOf<AtRiskPage>(
    q,
    sql`with r as (${sql.join(reasonSelects(reach, filter, today), sql` union all `)}),
      v as materialized (select r.* from r where ${readable(reach, me)}),
      ranked as materialized (
        select s.*, p.first_name, p.last_name
        from (select v.student_id, sum(v.weight)::int as severity,
              min(v.grade::numeric) as lowest
            from v where ${inGroup} group by v.student_id) s
          join profiles p on p.id = s.student_id
        where p.erased_at is null and p.status = 'ACTIVE'),
      page as (
        select ranked.*, row_number() over (order by ranked.severity desc,
            ranked.lowest nulls last, ranked.last_name, ranked.first_name, ranked.student_id) as n
        from ranked
        order by n limit ${paging.limit} offset ${paging.offset}),
      reasons as (
        select v.student_id, json_agg(json_build_object(
            'reason', v.reason, 'unit_id', v.unit_id, 'assessment_id', v.assessment_id,
            'module_name', m.name, 'module_type', v.module_type, 'grade', v.grade,
            'recent_mean', v.recent_mean, 'previous_mean', v.previous_mean,
            'semester_start', v.semester_start, 'semester_end', v.semester_end,
            'group', case when g.id is null then null
              else json_build_object('id', g.id, 'name', g.name) end)
          order by v.weight desc, v.grade::numeric nulls last, v.assessment_id) as list
        from page join v on v.student_id = page.student_id
          left join assessments a on a.id = v.assessment_id
          left join modules m on m.id = a.module_id
          left join assessment_groups g on g.id = v.group_id
        group by v.student_id)
      select
        (select count(*)::int from ranked) as count,
        coalesce((select json_agg(json_build_object(
            'student', json_build_object('id', page.student_id,
              'first_name', page.first_name, 'last_name', page.last_name),
            'severity', page.severity, 'reasons', reasons.list) order by page.n)
          from page join reasons on reasons.student_id = page.student_id), '[]') as results,
        coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name,
            'module_name', m.name) order by m.name, g.name, g.id)
          from assessment_groups g join modules m on m.id = g.module_id
          where g.id in (select group_id from v)), '[]') as groups`,
  );
  return answer!;
}
