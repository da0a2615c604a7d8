import { sql } from 'drizzle-orm';
import {
  addDays,
  dueReportSemester,
  semesterOf,
  swissDay,
  type DaySpan,
} from '../../domain/school-calendar.ts';
import type { Db, Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { periodic } from '../lib/periodic.ts';

/** A reminder's window before a semester ends, and the least time between two of them. */
const REMINDER_DAYS_BEFORE_END = 14;
const REMINDER_EVERY_DAYS = 7;

/**
 * The semesters whose training reports instructors are reminded of on `today`: the due one (its
 * reports overdue) and, in its last 14 days, the current one.
 */
export function reminderSemesters(today: string): DaySpan[] {
  const current = semesterOf(today);
  const semesters = [dueReportSemester(today)];
  if (today >= addDays(current.end, -REMINDER_DAYS_BEFORE_END)) semesters.push(current);
  return semesters;
}

/**
 * Tells each instructor of a group with training reports of those semesters still not validated
 * how many there are, at most once a week per semester (DUE_REPORTS). One insert per semester,
 * whatever the number of instructors; two processes running it at once are kept apart by a
 * transaction's advisory lock, so nobody is told twice.
 */
export async function noticeDueReports(db: Db, now: Date): Promise<void> {
  const today = swissDay(now);
  await db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('due-report-reminders')) as ok`,
    );
    if (!lock!.ok) return;
    for (const semester of reminderSemesters(today)) await remind(tx, semester, now);
  });
}

async function remind(tx: Queryable, semester: DaySpan, now: Date) {
  const since = new Date(now.getTime() - REMINDER_EVERY_DAYS * 86_400_000).toISOString();
  await tx.execute(sql`
    insert into notifications (recipient_id, kind, student_id, assessment_id, params, created_at)
    select gi.instructor_id, 'DUE_REPORTS', null, null,
      jsonb_build_object('reports', count(distinct a.id)::text,
        'semester_start', ${semester.start}::text, 'semester_end', ${semester.end}::text),
      ${now.toISOString()}::timestamptz
    from modules m
      join assessments a on a.module_id = m.id
      join group_instructors gi on gi.group_id = a.group_id
      join profiles s on s.id = a.student_id
      join profiles i on i.id = gi.instructor_id
    where m.module_type = 'TRAINING_REPORT' and a.status = 'IN_PROGRESS'
      and coalesce(m.end_date, m.start_date) between ${semester.start} and ${semester.end}
      and s.erased_at is null and s.status = 'ACTIVE' and i.erased_at is null
      and not exists (select 1 from notifications n
        where n.recipient_id = gi.instructor_id and n.kind = 'DUE_REPORTS'
          and n.params->>'semester_end' = ${semester.end}
          and n.created_at > ${since}::timestamptz)
    group by gi.instructor_id`);
}

/** How often a process looks for due reports (each look is one query per semester). */
const LOOK_EVERY_MS = 60 * 60_000;

/**
 * The reminders, hourly in this process, the first an hour after the start (the weekly limit
 * makes the exact hour irrelevant).
 */
export const dueReportReminders = (db: Db) =>
  periodic(LOOK_EVERY_MS, (now) => noticeDueReports(db, now));
