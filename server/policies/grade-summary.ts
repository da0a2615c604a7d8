import { sql } from 'drizzle-orm';
import { reachOf } from '../../domain/policy.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';

interface AccessRow {
  id: number;
  first_name: string;
  last_name: string;
  unit_ids: number[];
  is_ward: boolean;
  instructed: boolean;
}

/**
 * Who reads a student's grade summary (domain.md, viewGradeSummary): managers of the student's
 * unit and instructors of the student see every included assessment; the student and their legal
 * representatives only the VALIDATED and CLOSED ones. Anyone else: 404. One hand-written query.
 * Answers the student and whether the reader sees the validated assessments only.
 */
export async function authorizeGradeSummary(q: Queryable, actor: Actor, studentId: number) {
  const reach = reachOf(actor, 'viewGradeSummary');
  const me = actor.profileId ?? 0;
  // the instructors' case as in instructedStudentIds (policies/assessments.ts)
  const withInstructed = reach.groupUnitIds.length > 0 && actor.profileId !== null;
  const instructed = withInstructed
    ? sql`exists(select 1 from assessments a
        join group_instructors gi on gi.group_id = a.group_id
        join modules m on m.id = a.module_id
        where a.student_id = p.id and gi.instructor_id = ${me}
          and m.unit_id = any(${sql.param(reach.groupUnitIds)}::int[]))`
    : sql`false`;
  const [row] = await rowsOf<AccessRow>(
    q,
    sql`select p.id, p.first_name, p.last_name,
        array(select a.unit_id from assignments a
          where a.profile_id = p.id and a.role = 'STUDENT') as unit_ids,
        exists(select 1 from legal_representatives r
          where r.student_id = p.id and r.representative_id = ${me}) as is_ward,
        ${instructed} as instructed
      from profiles p where p.id = ${studentId}`,
  );
  if (!row) throw notFound();
  const full =
    reach.all || row.unit_ids.some((unit) => reach.unitIds.includes(unit)) || row.instructed;
  const learner = (reach.own && actor.profileId === row.id) || (reach.wards && row.is_ward);
  if (!full && !learner) throw notFound();
  const student = { id: row.id, first_name: row.first_name, last_name: row.last_name };
  return { student, validatedOnly: !full };
}
