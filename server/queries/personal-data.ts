import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Every table that refers to a person (by profile, login or address), with the section of the
 * export that holds what it keeps about them. A test reads the database's foreign keys and fails
 * when a table refers to a profile or a login and is missing here.
 */
export const PERSONAL_TABLES = {
  profiles: 'profile',
  users: 'login',
  assignments: 'roles',
  legal_representatives: 'legal_representatives, wards',
  cohort_students: 'cohorts',
  group_instructors: 'groups_taught',
  assessments: 'assessments',
  assessment_transitions: 'assessments (status changes), actions',
  sessions: 'sessions',
  one_time_tokens: 'links',
  trusted_devices: 'devices',
  second_factors: 'second_factors',
  recovery_codes: 'recovery_codes',
  login_failures: 'failed_sign_ins',
  mail_outbox: 'mails',
  audit_trail: 'changes_to_me, actions',
  read_log: 'reads_of_my_grades, my_reads',
  notifications: 'notifications, notifications_about_me',
  notification_preferences: 'notification_preferences',
  falling_grades: 'falling_grades',
  risk_reasons: 'warning_signs',
  risk_students: 'warning_signs',
  training_goals: 'training_goals',
  signatures: 'signatures',
  sign_links: 'sign_links',
} as const;

/** The sections of the export: each a list of plain records, the other people only by name. */
const sections = (profile: number, user: number, email: string): Record<string, SQL> => ({
  profile: sql`select first_name, last_name, email, kind, status, language, birth_date,
      created_at, updated_at from profiles where id = ${profile}`,
  login: sql`select email, is_active, language, data_processing_accepted_at, last_login_at,
      password_hash is not null as has_password, created_at, updated_at
    from users where id = ${user}`,
  roles: sql`select a.role, u.name as unit, a.created_at
    from assignments a left join units u on u.id = a.unit_id where a.profile_id = ${profile}
    order by a.id`,
  legal_representatives: sql`select p.first_name, p.last_name from legal_representatives r
    join profiles p on p.id = r.representative_id where r.student_id = ${profile}`,
  wards: sql`select p.first_name, p.last_name from legal_representatives r
    join profiles p on p.id = r.student_id where r.representative_id = ${profile}`,
  cohorts: sql`select c.name, u.name as unit from cohort_students s
    join cohorts c on c.id = s.cohort_id join units u on u.id = c.unit_id
    where s.student_id = ${profile}`,
  groups_taught: sql`select m.name as module, g.name as "group" from group_instructors gi
    join assessment_groups g on g.id = gi.group_id join modules m on m.id = g.module_id
    where gi.instructor_id = ${profile}`,
  assessments: sql`select a.id, m.name as module, m.module_type, g.name as "group", a.status,
      trim_scale(a.grade)::text as grade, a.is_included_in_grade_summary, a.comment, a.validated_at,
      a.closed_at, a.created_at, a.updated_at,
      coalesce((select json_agg(json_build_object('block', b.name, 'comment', e.comment,
          'grade', trim_scale(e.grade)::text) order by b."order", b.id)
        from block_evaluations e join module_blocks b on b.id = e.block_id
        where e.assessment_id = a.id), '[]') as blocks,
      coalesce((select json_agg(json_build_object('criterion', c.name, 'evaluation', e.evaluation,
          'grade', trim_scale(e.grade)::text, 'letter', e.letter, 'points', trim_scale(e.points)::text, 'text', e.text,
          'progression', e.progression, 'trend', e.trend) order by c."order", c.id)
        from criterion_evaluations e join module_criteria c on c.id = e.criterion_id
        where e.assessment_id = a.id), '[]') as criteria,
      coalesce((select json_agg(json_build_object('action', t.action, 'from', t.from_status,
          'to', t.to_status, 'at', t.at) order by t.at)
        from assessment_transitions t where t.assessment_id = a.id), '[]') as status_changes
    from assessments a join modules m on m.id = a.module_id
      left join assessment_groups g on g.id = a.group_id
    where a.student_id = ${profile} order by a.id`,
  sessions: sql`select created_at, last_seen_at, user_agent, network from sessions
    where user_id = ${user} order by created_at`,
  links: sql`select purpose, new_email, created_at, expires_at, used_at from one_time_tokens
    where user_id = ${user} order by created_at`,
  devices: sql`select created_at, last_used_at from trusted_devices where user_id = ${user}`,
  // what they are and when used, never a secret or a key
  second_factors: sql`select kind, label, created_at, last_used_at from second_factors
    where user_id = ${user} order by created_at`,
  recovery_codes: sql`select used_at from recovery_codes where user_id = ${user} order by id`,
  failed_sign_ins: sql`select address, at from login_failures
    where lower(email) = lower(${email}) order by at`,
  mails: sql`select template, subject, created_at, sent_at from mail_outbox
    where lower(recipient) = lower(${email}) order by created_at`,
  changes_to_me: sql`select action, entity, old_value, new_value, at from audit_trail
    where (entity = 'profile' and entity_id = ${profile}) or (entity = 'user' and entity_id = ${user})
    order by at, id`,
  // what the person did: the kind of change and when, never the values (other people's data)
  actions: sql`select action, entity, at from audit_trail where actor_user_id = ${user}
    union all select action, 'assessment', at from assessment_transitions
    where actor_user_id = ${user} order by at`,
  reads_of_my_grades: sql`select l.kind, p.first_name || ' ' || p.last_name as reader, l.at
    from read_log l left join profiles p on p.user_id = l.reader_user_id
    where l.student_id = ${profile} order by l.at`,
  my_reads: sql`select kind, at from read_log where reader_user_id = ${user} order by at`,
  // what they were told, without the other student's name; and who was told about them
  notifications: sql`select kind, created_at, read_at, mailed_at from notifications
    where recipient_id = ${profile} order by id`,
  notifications_about_me: sql`select n.kind, p.first_name || ' ' || p.last_name as recipient,
      n.created_at from notifications n join profiles p on p.id = n.recipient_id
    where n.student_id = ${profile} order by n.id`,
  notification_preferences: sql`select kind, frequency from notification_preferences
    where profile_id = ${profile} order by kind`,
  falling_grades: sql`select module_type, trim_scale(recent_mean)::text as recent_mean,
      trim_scale(previous_mean)::text as previous_mean, since
    from falling_grades where student_id = ${profile}`,
  // the signs that put them on the at-risk list today, each with its source
  warning_signs: sql`select r.reason, u.name as unit, m.name as module, r.module_type, r.grade,
      r.recent_mean, r.previous_mean, r.semester_start, r.semester_end
    from risk_reasons r join units u on u.id = r.unit_id
      left join assessments a on a.id = r.assessment_id left join modules m on m.id = a.module_id
    where r.student_id = ${profile} order by r.weight desc, r.reason, r.assessment_id`,
  // the training report cycle: their self-assessments, the goals set with them, their sign-offs
  self_assessments: sql`select m.name as module, sa.view, sa.submitted_at,
      coalesce((select json_agg(json_build_object('criterion', c.name, 'evaluation', sc.evaluation,
          'text', sc.text) order by c."order", c.id)
        from self_assessment_criteria sc join module_criteria c on c.id = sc.criterion_id
        where sc.assessment_id = sa.assessment_id), '[]') as criteria
    from self_assessments sa join assessments a on a.id = sa.assessment_id
      join modules m on m.id = a.module_id
    where a.student_id = ${profile} order by a.id`,
  training_goals: sql`select m.name as module, g.goal, g.measure, g.due_date::text as due_date,
      g.responsible, g.review_status, g.review_comment, g.reviewed_at
    from training_goals g join assessments a on a.id = g.assessment_id
      join modules m on m.id = a.module_id
    where a.student_id = ${profile} order by g.id`,
  signatures: sql`select m.name as module, s.role, s.signed_at, s.comment, s.voided_at
    from signatures s join assessments a on a.id = s.assessment_id
      join modules m on m.id = a.module_id
    where s.profile_id = ${profile} order by s.id`,
  // the links mailed to them to sign a report: when, until when, used or not (never the token)
  sign_links: sql`select m.name as module, l.created_at, l.expires_at, l.used_at
    from sign_links l join assessments a on a.id = l.assessment_id
      join modules m on m.id = a.module_id
    where l.representative_id = ${profile} order by l.id`,
});

/** Everything the platform holds about one person, section by section; null when unknown. */
export async function readPersonalData(q: Queryable, profileId: number) {
  const [owner] = await rowsOf<{ user_id: number | null; email: string | null }>(
    q,
    sql`select p.user_id, coalesce(u.email, p.email) as email
    from profiles p left join users u on u.id = p.user_id where p.id = ${profileId}`,
  );
  if (!owner) return null;
  // without a login, no login-bound row can match (ids start at 1)
  const all = sections(profileId, owner.user_id ?? 0, owner.email ?? '');
  const entries = await Promise.all(
    Object.entries(all).map(
      async ([name, query]) => [name, await rowsOf<Record<string, unknown>>(q, query)] as const,
    ),
  );
  return Object.fromEntries(entries);
}
