import { sql } from 'drizzle-orm';
import { INSUFFICIENT_GRADE_BELOW } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';

/**
 * Tells who an assessment's validation concerns, in its transaction: the student and, while the
 * student is a minor on that day (or their birth date is unknown), their legal representatives;
 * with a grade below 4 the notice is INSUFFICIENT_GRADE and goes to the unit's course managers
 * too. One insert, whoever the recipients; erased people get nothing.
 */
export async function noticeValidation(tx: Queryable, assessmentId: number, today: string) {
  await tx.execute(sql`
    with a as (
      select a.id, a.student_id, m.unit_id, m.name as module_name, m.module_type,
        trim_scale(a.grade)::text as grade,
        case when a.grade < ${INSUFFICIENT_GRADE_BELOW}::numeric
          then 'INSUFFICIENT_GRADE' else 'ASSESSMENT_VALIDATED' end as kind,
        p.birth_date is null or p.birth_date::date > ${today}::date - interval '18 years' as minor
      from assessments a join modules m on m.id = a.module_id
        join profiles p on p.id = a.student_id
      where a.id = ${assessmentId}
    ), recipients as (
      select student_id as profile_id from a
      union select r.representative_id from a
        join legal_representatives r on r.student_id = a.student_id where a.minor
      union select s.profile_id from a join assignments s
        on s.unit_id = a.unit_id and s.role = 'COURSE_MANAGER'
        where a.kind = 'INSUFFICIENT_GRADE'
    )
    insert into notifications (recipient_id, kind, student_id, assessment_id, params)
    select r.profile_id, a.kind, a.student_id, a.id,
      jsonb_build_object('module_name', a.module_name, 'module_type', a.module_type,
        'grade', a.grade)
    from a, recipients r join profiles p on p.id = r.profile_id
    where p.erased_at is null`);
}

/**
 * Tells each party a validated training report waits for that their sign-off is awaited, in the
 * validation's transaction: the instructors of its group, the student and, under the age rule of
 * the sign-off (domain/training-report.ts), their legal representatives. Nothing for another module
 * type.
 */
export async function noticeSignaturesAwaited(tx: Queryable, assessmentId: number, today: string) {
  await tx.execute(sql`
    with a as (
      select a.id, a.student_id, a.group_id, m.name as module_name,
        p.birth_date is null or p.birth_date::date > ${today}::date - interval '18 years' as minor
      from assessments a join modules m on m.id = a.module_id
        join profiles p on p.id = a.student_id
      where a.id = ${assessmentId} and m.module_type = 'TRAINING_REPORT'
    ), recipients as (
      select student_id as profile_id from a
      union select gi.instructor_id from a join group_instructors gi on gi.group_id = a.group_id
      union select r.representative_id from a
        join legal_representatives r on r.student_id = a.student_id where a.minor
    )
    insert into notifications (recipient_id, kind, student_id, assessment_id, params)
    select r.profile_id, 'SIGNATURE_AWAITED', a.student_id, a.id,
      jsonb_build_object('module_name', a.module_name, 'module_type', 'TRAINING_REPORT')
    from a, recipients r join profiles p on p.id = r.profile_id
    where p.erased_at is null`);
}
