import { sql, type SQL } from 'drizzle-orm';
import type { SignatureRole } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { missingRolesSql } from './training-report.ts';

/** How many of each kind the home page lists, the most recent first. */
const AWAITING_LIMIT = 20;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

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
    parts.push(
      sql`select id, 'STUDENT'::text as role from assessments where student_id = ${profileId}`,
    );
  if (reach.wards)
    parts.push(sql`select a.id, 'LEGAL_REPRESENTATIVE'::text as role from assessments a
      join legal_representatives r on r.student_id = a.student_id
      where r.representative_id = ${profileId}`);
  if (reach.groupUnitIds.length > 0)
    parts.push(sql`select a.id, 'INSTRUCTOR'::text as role from assessments a
      join group_instructors gi on gi.group_id = a.group_id
      join modules m on m.id = a.module_id
      where gi.instructor_id = ${profileId}
        and m.unit_id = any(${sql.param([...reach.groupUnitIds])}::int[])`);
  const [selfAssessments, signatures] = await Promise.all([
    reach.own ? readOwnSelfAssessments(q, profileId) : [],
    parts.length === 0
      ? []
      : rowsOf<{ assessment: number; module_name: string; student: Person; role: SignatureRole }>(
          q,
          sql`select a.id as assessment, m.name as module_name, c.role,
            json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name)
              as student
          from (${sql.join(parts, sql` union all `)}) c
            join assessments a on a.id = c.id join modules m on m.id = a.module_id
            join profiles s on s.id = a.student_id
          where m.module_type = 'TRAINING_REPORT' and a.status <> 'IN_PROGRESS'
            and c.role = any(${missingRolesSql})
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
