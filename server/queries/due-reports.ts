import { sql, type SQL } from 'drizzle-orm';
import {
  DUE_REPORT_STATES,
  type DueReportState,
  type SignatureRole,
} from '../../domain/constants.ts';
import type { Reach } from '../../domain/policy.ts';
import type { DaySpan } from '../../domain/school-calendar.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { missingRolesSql, reportDay } from './training-report.ts';

export interface DueReportsFilter {
  unitId: number;
  semester: DaySpan;
  /** only the groups this instructor instructs (an instructor's own reach) */
  reachInstructorId: number | null;
  group?: number;
  instructor?: number;
  state?: DueReportState;
}

export interface DueRow {
  student_id: number;
  first_name: string;
  last_name: string;
  state: DueReportState;
  assessment_id: number | null;
  group_id: number | null;
  group_name: string | null;
  missing: SignatureRole[];
}

const inGroupsOf = (instructorId: number) =>
  sql`in (select group_id from group_instructors where instructor_id = ${instructorId})`;

/** The training reports of the unit in reach and filters: of an open module, or of the semester. */
function reportsWhere(f: DueReportsFilter): SQL {
  const parts = [
    sql`m.unit_id = ${f.unitId}`,
    sql`m.module_type = 'TRAINING_REPORT'`,
    sql`(m.status = 'OPEN' or ${reportDay} between ${f.semester.start} and ${f.semester.end})`,
  ];
  if (f.reachInstructorId !== null) parts.push(sql`a.group_id ${inGroupsOf(f.reachInstructorId)}`);
  if (f.group !== undefined) parts.push(sql`a.group_id = ${f.group}`);
  if (f.instructor !== undefined) parts.push(sql`a.group_id ${inGroupsOf(f.instructor)}`);
  return sql.join(parts, sql` and `);
}

/**
 * GET /training-reports/due/: every student of the unit with a training report in an open module
 * or in the semester, and where their report of the semester stands (domain/training-report.ts's
 * dueReportState, in SQL): the best report of the semester decides (signed, then validated, then
 * in progress), overdue once the semester has ended without a validated one. One statement: the
 * per-state counts, the count and the page by name. The reports are materialized so that each
 * one's missing sign-offs are read once: inlined, the planner read them for each of the three
 * places that name them. Each student's profile is read once, not once per report (6,000 reads
 * for a unit's 750 students).
 */
export async function readDueReports(
  q: Queryable,
  f: DueReportsFilter,
  today: string,
  paging: { limit: number; offset: number },
) {
  const { start, end } = f.semester;
  const stateFilter = f.state === undefined ? sql`true` : sql`state = ${f.state}`;
  const [row] = await rowsOf<{
    states: Record<string, number> | null;
    count: number;
    results: DueRow[];
  }>(
    q,
    sql`with unit_reports as materialized (
      select a.id, a.student_id, a.group_id, a.status, a.validated_at, a.signed_roles,
        ${reportDay} as day
      from assessments a join modules m on m.id = a.module_id
      where ${reportsWhere(f)}
    ), students as (
      select s.id, s.birth_date from profiles s
      where s.id in (select student_id from unit_reports) and s.erased_at is null
        and s.status = 'ACTIVE'
    ), reports as materialized (
      select a.id, a.student_id, a.group_id, a.day,
        a.day between ${start} and ${end} as in_semester, ${missingRolesSql} as missing
      from unit_reports a join students s on s.id = a.student_id
    ), best as (
      select distinct on (student_id) * from reports
      order by student_id, in_semester desc, coalesce(cardinality(missing) = 0, false) desc,
        missing is not null desc, day desc, id desc
    ), stated as (
      select b.*, case
        when in_semester and cardinality(missing) = 0 then 'SIGNED'
        when in_semester and missing is not null then 'VALIDATED'
        when ${today}::date > ${end}::date then 'OVERDUE'
        when in_semester then 'IN_PROGRESS'
        else 'NONE' end as state
      from best b
    )
    select
      (select json_object_agg(state, n) from (select state, count(*)::int as n from stated
        group by state) c) as states,
      (select count(*)::int from stated where ${stateFilter}) as count,
      (select coalesce(json_agg(x), '[]') from (
        select st.student_id, p.first_name, p.last_name, st.state,
          case when st.in_semester then st.id end as assessment_id,
          g.id as group_id, g.name as group_name,
          case when st.in_semester then coalesce(st.missing, '{}') else '{}' end as missing
        from stated st join profiles p on p.id = st.student_id
          left join assessment_groups g on g.id = st.group_id
        where ${stateFilter}
        order by p.last_name, p.first_name, p.id
        limit ${paging.limit} offset ${paging.offset}) x) as results`,
  );
  const counted = row!.states ?? {};
  const states = Object.fromEntries(DUE_REPORT_STATES.map((s) => [s, counted[s] ?? 0]));
  return {
    states: states as Record<DueReportState, number>,
    count: row!.count,
    results: row!.results,
  };
}

/** The filters' choices: the groups of the unit's training reports in reach, and their instructors. */
export async function readDueReportChoices(q: Queryable, f: DueReportsFilter) {
  const moduleDay = sql.raw('coalesce(m.end_date, m.start_date)');
  const mine =
    f.reachInstructorId === null ? sql`true` : sql`g.id ${inGroupsOf(f.reachInstructorId)}`;
  const [row] = await rowsOf<{
    groups: { id: number; name: string }[];
    instructors: { id: number; first_name: string; last_name: string }[];
  }>(
    q,
    sql`with g as (
      select g.id, g.name from assessment_groups g join modules m on m.id = g.module_id
      where m.unit_id = ${f.unitId} and m.module_type = 'TRAINING_REPORT' and ${mine}
        and (m.status = 'OPEN' or ${moduleDay} between ${f.semester.start} and ${f.semester.end})
    )
    select
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]')
        from g) as groups,
      (select coalesce(json_agg(json_build_object('id', p.id, 'first_name', p.first_name,
          'last_name', p.last_name) order by p.last_name, p.first_name, p.id), '[]')
        from profiles p where p.id in (select instructor_id from group_instructors
          where group_id in (select id from g))) as instructors`,
  );
  return row!;
}

/** The units a reader of due reports may choose from, by name. */
export const readUnitChoices = (q: Queryable, reach: Reach) =>
  rowsOf<{ id: number; name: string }>(
    q,
    sql`select id, name from units
      where ${reach.all}::boolean
        or id = any(${sql.param([...reach.unitIds, ...reach.groupUnitIds])}::int[])
      order by name, id`,
  );
