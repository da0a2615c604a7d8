import { sql, type SQL } from 'drizzle-orm';
import type { ModuleType, RiskReason } from '../../domain/constants.ts';
import type { Reach } from '../../domain/policy.ts';
import { dueReportSemester, schoolYearOf, yearBefore } from '../../domain/school-calendar.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { instructedStudentIds } from '../policies/assessments.ts';

export interface RiskRow {
  student_id: number;
  first_name: string;
  last_name: string;
  reason: RiskReason;
  unit_id: number;
  assessment_id: number | null;
  module_name: string | null;
  module_type: ModuleType | null;
  grade: string | null;
  recent_mean: string | null;
  previous_mean: string | null;
  semester_start: string | null;
  semester_end: string | null;
  group_id: number | null;
  group_name: string | null;
}

export interface AtRiskFilter {
  unit?: number | undefined;
  reason?: RiskReason | undefined;
  student?: number | undefined;
}

const ints = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** The day a module counts for: its end, else its start, else the day it was validated. */
const moduleDay = sql`coalesce(m.end_date, m.start_date, to_char(a.validated_at, 'YYYY-MM-DD'))`;

/** The units whose reasons may be read: those of the reach, narrowed to the filter's. */
function unitsWhere(column: SQL, reach: Reach, unit: number | undefined): SQL {
  const own = reach.all
    ? sql`true`
    : sql`${column} = any(${ints([...reach.unitIds, ...reach.groupUnitIds])})`;
  return unit === undefined ? own : sql`${own} and ${column} = ${unit}`;
}

/** A reason row the reader may see: in a unit they manage, or about a student they instruct. */
function readable(reach: Reach, me: number | null): SQL {
  if (reach.all) return sql`true`;
  const parts = [sql`r.unit_id = any(${ints(reach.unitIds)})`];
  if (reach.groupUnitIds.length > 0 && me !== null)
    parts.push(sql`(r.unit_id = any(${ints(reach.groupUnitIds)})
      and r.student_id in (${instructedStudentIds(me, reach.groupUnitIds)}))`);
  return sql.join(parts, sql` or `);
}

/**
 * Every reason a student within `reach` is at risk on `today` (training-report.md, "Early
 * warning"), one row per reason: insufficient grades of the current school year and training
 * reports of the due semester are read from the unit's modules through their indexes; falling
 * grades from falling_grades, which a trigger keeps in the transaction of each grade change.
 */
export function readRiskRows(
  q: Queryable,
  reach: Reach,
  me: number | null,
  filter: AtRiskFilter,
  today: string,
): Promise<RiskRow[]> {
  const year = schoolYearOf(today);
  const semester = dueReportSemester(today);
  const units = (column: SQL) => unitsWhere(column, reach, filter.unit);
  const student = (column: SQL) =>
    filter.student === undefined ? sql`true` : sql`${column} = ${filter.student}`;
  const want = (reason: RiskReason) => filter.reason === undefined || filter.reason === reason;
  const parts: SQL[] = [];
  if (want('INSUFFICIENT_GRADE'))
    parts.push(sql`select a.student_id, m.unit_id, 'INSUFFICIENT_GRADE'::text as reason,
        a.id as assessment_id, m.name as module_name, m.module_type, trim_scale(a.grade)::text as grade,
        null::text as recent_mean, null::text as previous_mean, null::text as semester_start,
        null::text as semester_end
      from modules m join assessments a on a.module_id = m.id
      where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
        and a.grade < 4 and a.status <> 'IN_PROGRESS' and a.is_included_in_grade_summary
        and ${moduleDay} between ${year.start} and ${year.end}`);
  if (want('FALLING_GRADES'))
    parts.push(sql`select f.student_id, f.unit_id, 'FALLING_GRADES'::text as reason,
        f.latest_assessment_id as assessment_id, null::text as module_name, f.module_type,
        null::text as grade, trim_scale(round(f.recent_mean, 2))::text as recent_mean,
        trim_scale(round(f.previous_mean, 2))::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from falling_grades f where ${units(sql`f.unit_id`)} and ${student(sql`f.student_id`)}`);
  // expected: a training report in the due semester or the year before it; done: one validated
  if (want('TRAINING_REPORT_MISSING'))
    parts.push(sql`select a.student_id, m.unit_id, 'TRAINING_REPORT_MISSING'::text as reason,
        max(a.id) filter (where ${moduleDay} >= ${semester.start}) as assessment_id,
        null::text as module_name, 'TRAINING_REPORT'::text as module_type, null::text as grade,
        null::text as recent_mean, null::text as previous_mean,
        ${semester.start}::text as semester_start, ${semester.end}::text as semester_end
      from modules m join assessments a on a.module_id = m.id
      where ${units(sql`m.unit_id`)} and ${student(sql`a.student_id`)}
        and m.module_type = 'TRAINING_REPORT'
        and ${moduleDay} between ${yearBefore(semester.start)} and ${semester.end}
      group by a.student_id, m.unit_id
      having not coalesce(bool_or(${moduleDay} >= ${semester.start} and a.status <> 'IN_PROGRESS'), false)`);
  // each reason's source: its assessment's module and group (the page's group filter)
  return rowsOf<RiskRow>(
    q,
    sql`with r as (${sql.join(parts, sql` union all `)})
      select r.student_id, r.unit_id, r.reason, r.assessment_id,
        coalesce(r.module_name, sm.name) as module_name, r.module_type, r.grade, r.recent_mean,
        r.previous_mean, r.semester_start, r.semester_end, sg.id as group_id,
        sg.name as group_name, p.first_name, p.last_name
      from r join profiles p on p.id = r.student_id
        left join assessments sa on sa.id = r.assessment_id
        left join modules sm on sm.id = sa.module_id
        left join assessment_groups sg on sg.id = sa.group_id
      where p.erased_at is null and p.status = 'ACTIVE' and (${readable(reach, me)})`,
  );
}
