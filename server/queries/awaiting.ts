import { sql, type SQL } from 'drizzle-orm';
import type { SignatureRole } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { oneOf, rowsOf } from '../db/rows.ts';
import { missingRolesSql } from './training-report.ts';

/** How many of each kind the home page lists, the most recent first. */
const AWAITING_LIMIT = 20;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/** What the missing sign-offs and the order of the awaiting reports read of an assessment. */
const REPORT = sql`a.id, a.module_id, a.student_id, a.status, a.validated_at, a.signed_roles`;

/**
 * What waits for `profileId` in the training report cycle, for their home page: their own
 * self-assessments still to submit (as a student), and the validated reports that wait for their
 * sign-off as the student, a legal representative or an instructor of the group. Each part starts
 * from what the person holds (own id, wards, groups) and reaches the reports through an index.
 */
export async function readAwaiting(
  q: Queryable,
  profileId: number,
  reach: { own: boolean; wards: boolean; groupUnitIds: readonly number[] },
) {
  const parts: SQL[] = [];
  if (reach.own)
    parts.push(sql`select ${REPORT}, 'STUDENT'::text as role from assessments a
      where a.student_id = ${profileId}`);
  if (reach.wards)
    parts.push(sql`select ${REPORT}, 'LEGAL_REPRESENTATIVE'::text as role from assessments a
      join legal_representatives r on r.student_id = a.student_id
      where r.representative_id = ${profileId}`);
  // an instructor's part starts from their training reports' groups (as groupInstructedBy), and
  // reads each group's reports from the module index alone
  if (reach.groupUnitIds.length > 0)
    parts.push(sql`select ${REPORT}, 'INSTRUCTOR'::text as role from group_instructors gi
      join assessment_groups g on g.id = gi.group_id
      join modules m on m.id = g.module_id
      join assessments a on a.module_id = m.id and a.group_id = g.id
      where gi.instructor_id = ${profileId} and ${oneOf(sql`m.unit_id`, reach.groupUnitIds)}
        and m.module_type = 'TRAINING_REPORT' and a.status <> 'IN_PROGRESS'`);
  const [selfAssessments, signatures] = await Promise.all([
    reach.own ? readOwnSelfAssessments(q, profileId) : [],
    parts.length === 0
      ? []
      : rowsOf<{ assessment: number; module_name: string; student: Person; role: SignatureRole }>(
          q,
          // the person's reports are gathered first (materialized, under the name `a` the missing
          // roles read), then only theirs are checked for missing sign-offs: merged into one
          // select, the planner may check every validated report of the database before joining.
          // A role that has signed is dropped before its report's student is read.
          sql`with a as materialized (${sql.join(parts, sql` union all `)})
          select a.id as assessment, m.name as module_name, a.role,
            json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name)
              as student
          from a join modules m on m.id = a.module_id join profiles s on s.id = a.student_id
          where m.module_type = 'TRAINING_REPORT' and a.status <> 'IN_PROGRESS'
            and not a.role = any(a.signed_roles) and a.role = any(${missingRolesSql})
          order by a.validated_at desc, a.id desc limit ${AWAITING_LIMIT}`,
        ),
  ]);
  return { self_assessments: selfAssessments, signatures };
}

/** The student's training reports in progress whose self-assessment is not submitted yet. */
const readOwnSelfAssessments = (q: Queryable, profileId: number) =>
  rowsOf<{ assessment: number; module_name: string; student: Person }>(
    q,
    sql`select a.id as assessment, m.name as module_name,
      json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name)
        as student
    from assessments a join modules m on m.id = a.module_id join profiles s on s.id = a.student_id
    where a.student_id = ${profileId} and a.status = 'IN_PROGRESS' and m.status = 'OPEN'
      and m.module_type = 'TRAINING_REPORT'
      and not exists (select 1 from self_assessments sa where sa.assessment_id = a.id
        and sa.submitted_at is not null)
    order by a.id desc limit ${AWAITING_LIMIT}`,
  );
