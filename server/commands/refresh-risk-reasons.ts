import { sql, type SQL } from 'drizzle-orm';
import { SELF_ASSESSMENT_GAP_CRITERIA, SIGNATURE_ROLES } from '../../domain/constants.ts';
import {
  dueReportSemester,
  schoolYearOf,
  swissDay,
  yearBefore,
} from '../../domain/school-calendar.ts';
import type { Db, Queryable } from '../db/client.ts';
import { oneOf, rowsOf } from '../db/rows.ts';
import {
  riskReasons,
  riskReasonsStale,
  riskReasonsState,
  riskStudents,
  riskStudentsTally,
} from '../db/schema/index.ts';
import { periodic } from '../lib/periodic.ts';
import { missingRolesSql } from '../queries/training-report.ts';

/** Whose reasons to work out: every student's, or these students'. */
type Students = 'all' | readonly number[];

/** The day a module counts for: its end, else its start, else the day it was validated. */
const moduleDay = sql`coalesce(m.end_date, m.start_date, to_char(a.validated_at, 'YYYY-MM-DD'))`;

/** The modules whose day may fall in `span`: decided by the module alone when it has dates. */
const mayFallIn = (span: { start: string; end: string }) =>
  sql`(coalesce(m.end_date, m.start_date) between ${span.start} and ${span.end}
    or (m.end_date is null and m.start_date is null))`;

const of = (students: Students, column: SQL): SQL =>
  students === 'all' ? sql`true` : oneOf(column, students);

/**
 * One select per reason (training-report.md, "Early warning"), each naming the columns of
 * risk_reasons (any may come first in the union): the student, the unit, the reason and its
 * weight in the severity, its source assessment and group, and its figures. Insufficient grades
 * of the current school year and training reports of the due semester are read from the modules
 * through their indexes; falling grades from falling_grades, which a trigger keeps in the
 * transaction of each grade change.
 */
function reasonSelects(students: Students, today: string): SQL[] {
  const year = schoolYearOf(today);
  const semester = dueReportSemester(today);
  const student = (column: SQL) => of(students, column);
  return [
    sql`select a.student_id, m.unit_id, 'INSUFFICIENT_GRADE'::text as reason,
        3 as weight, a.id as assessment_id, a.group_id, m.module_type,
        trim_scale(a.grade)::text as grade, null::text as recent_mean, null::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from modules m join assessments a on a.module_id = m.id
      where ${student(sql`a.student_id`)}
        and ${mayFallIn(year)} and a.grade < 4 and a.status <> 'IN_PROGRESS'
        and a.is_included_in_grade_summary and ${moduleDay} between ${year.start} and ${year.end}`,
    sql`select f.student_id, f.unit_id, 'FALLING_GRADES'::text as reason,
        2 as weight, f.latest_assessment_id as assessment_id,
        (select a.group_id from assessments a where a.id = f.latest_assessment_id) as group_id,
        f.module_type, null::text as grade,
        trim_scale(round(f.recent_mean, 2))::text as recent_mean,
        trim_scale(round(f.previous_mean, 2))::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from falling_grades f
      where ${student(sql`f.student_id`)}`,
    // expected: a training report in the due semester or the year before it; done: one validated.
    // The source is the latest report of the due semester, its group read by id afterwards: an
    // aggregate ordered by id (the group of the latest) made PostgreSQL sort every report of the
    // canton by student (86,400 at the benchmark's scale 1) instead of hashing them.
    sql`select x.student_id, x.unit_id, 'TRAINING_REPORT_MISSING'::text as reason,
        1 as weight, x.assessment_id,
        (select l.group_id from assessments l where l.id = x.assessment_id) as group_id,
        'TRAINING_REPORT'::text as module_type, null::text as grade, null::text as recent_mean,
        null::text as previous_mean, ${semester.start}::text as semester_start,
        ${semester.end}::text as semester_end
      from (select a.student_id, m.unit_id,
          max(a.id) filter (where ${moduleDay} >= ${semester.start}) as assessment_id
        from modules m join assessments a on a.module_id = m.id
        where ${student(sql`a.student_id`)} and m.module_type = 'TRAINING_REPORT'
          and ${mayFallIn({ start: yearBefore(semester.start), end: semester.end })}
          and ${moduleDay} between ${yearBefore(semester.start)} and ${semester.end}
        group by a.student_id, m.unit_id
        having not coalesce(bool_or(${moduleDay} >= ${semester.start}
          and a.status <> 'IN_PROGRESS'), false)) x`,
    // validated in the due semester, still waiting for a party's sign-off (none when all have
    // signed: those are dropped before their student is read)
    sql`select a.student_id, m.unit_id, 'TRAINING_REPORT_UNSIGNED'::text as reason,
        1 as weight, a.id as assessment_id, a.group_id, m.module_type, null::text as grade,
        null::text as recent_mean, null::text as previous_mean,
        ${semester.start}::text as semester_start, ${semester.end}::text as semester_end
      from modules m join assessments a on a.module_id = m.id
        join profiles s on s.id = a.student_id
      where ${student(sql`a.student_id`)}
        and m.module_type = 'TRAINING_REPORT' and a.status <> 'IN_PROGRESS'
        and ${mayFallIn(semester)} and ${moduleDay} between ${semester.start} and ${semester.end}
        and cardinality(a.signed_roles) < ${SIGNATURE_ROLES.length}
        and cardinality(${missingRolesSql}) > 0`,
    // a submitted self-assessment two levels from the trainer's on several criteria
    sql`select a.student_id, m.unit_id, 'SELF_ASSESSMENT_GAP'::text as reason,
        1 as weight, a.id as assessment_id, a.group_id, m.module_type, null::text as grade,
        null::text as recent_mean, null::text as previous_mean,
        null::text as semester_start, null::text as semester_end
      from modules m join assessments a on a.module_id = m.id
        join self_assessments sa on sa.assessment_id = a.id and sa.submitted_at is not null
      where ${student(sql`a.student_id`)}
        and m.module_type = 'TRAINING_REPORT' and ${mayFallIn(year)}
        and ${moduleDay} between ${year.start} and ${year.end}
        and (select count(*) from self_assessment_criteria sc
          join criterion_evaluations e on e.assessment_id = a.id and e.criterion_id = sc.criterion_id
          where sc.assessment_id = a.id
            and ((sc.evaluation = 'GOOD' and e.evaluation = 'INSUFFICIENT')
              or (sc.evaluation = 'INSUFFICIENT' and e.evaluation = 'GOOD')))
          >= ${SELF_ASSESSMENT_GAP_CRITERIA}`,
  ];
}

/** Works out the reasons of `students` on `today` into risk_reasons (an erased student has none). */
function insertReasons(q: Queryable, students: Students, today: string) {
  return q.execute(sql`insert into risk_reasons (student_id, unit_id, reason, weight,
      assessment_id, group_id, module_type, grade, recent_mean, previous_mean, semester_start,
      semester_end)
    select r.* from (${sql.join(reasonSelects(students, today), sql` union all `)}) r
    where not exists (select 1 from profiles p where p.id = r.student_id and p.erased_at is not null)`);
}

/**
 * Weighs the kept reasons of `students` into risk_students, as the canton's list orders them: an
 * active student's severity, lowest grade and name.
 */
function insertRanking(q: Queryable, students: Students) {
  return q.execute(sql`insert into risk_students (student_id, severity, lowest, last_name,
      first_name)
    select p.id, sum(r.weight)::int, min(r.grade::numeric), p.last_name, p.first_name
    from risk_reasons r join profiles p on p.id = r.student_id
    where ${of(students, sql`r.student_id`)} and p.status = 'ACTIVE' and p.erased_at is null
    group by p.id`);
}

/**
 * Brings the kept reasons, and the canton's ranking weighed from them, up to `today` before a
 * list reads them: all of them again on a new day (or the first), else those of the students a
 * committed change marked. In one transaction, one
 * refresh at a time: the marks are taken before the reasons are worked out, so a change that
 * commits meanwhile leaves its own mark for the next list, and a change still open is neither
 * waited for nor read. Nothing is written when nothing changed.
 */
export async function refreshRiskReasons(db: Db, today: string): Promise<void> {
  const [current] = await rowsOf<{ fresh: boolean }>(
    db,
    sql`select exists (select 1 from risk_reasons_state where day = ${today})
      and not exists (select 1 from risk_reasons_stale) as fresh`,
  );
  if (current?.fresh) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk-reasons-refresh'))`);
    const [kept] = await tx.select({ day: riskReasonsState.day }).from(riskReasonsState);
    if (kept?.day !== today) {
      await tx.delete(riskReasonsStale);
      await tx.delete(riskReasons);
      await tx.delete(riskStudents);
      await insertReasons(tx, 'all', today);
      await insertRanking(tx, 'all');
      // counted afresh once a day, so the tally the triggers keep cannot drift for long (after a
      // load that skipped them, say)
      await tx
        .insert(riskStudentsTally)
        .values({ students: sql`(select count(*) from risk_students)` })
        .onConflictDoUpdate({
          target: riskStudentsTally.id,
          set: { students: sql`excluded.students` },
        });
      // the planner's statistics of the new tables at once, not at autovacuum's next round: without
      // them an instructor's list joined its reasons row by row (13 ms instead of 7 at scale 1)
      await tx.execute(sql`analyze risk_reasons, risk_students`);
      await tx
        .insert(riskReasonsState)
        .values({ day: today })
        .onConflictDoUpdate({ target: riskReasonsState.id, set: { day: today } });
      return;
    }
    const marked = await tx
      .delete(riskReasonsStale)
      .returning({ studentId: riskReasonsStale.studentId });
    if (marked.length === 0) return;
    const students = [...new Set(marked.map((row) => row.studentId))];
    await tx.execute(sql`delete from risk_reasons where ${oneOf(sql`student_id`, students)}`);
    await tx.execute(sql`delete from risk_students where ${oneOf(sql`student_id`, students)}`);
    await insertReasons(tx, students, today);
    await insertRanking(tx, students);
  });
}

/** How often a process brings the kept reasons up to date in the background. */
const KEEP_EVERY_MS = 60_000;

/**
 * The kept reasons brought up to date in the background every minute: a new day's rebuild then
 * falls on no one's list, and the marks of a day without lists do not pile up. A list still
 * refreshes them first, so it never waits for this.
 */
export const riskReasonsKeeper = (db: Db) =>
  periodic(KEEP_EVERY_MS, (now) => refreshRiskReasons(db, swissDay(now)));
