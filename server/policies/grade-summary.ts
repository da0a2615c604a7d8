import { sql } from 'drizzle-orm';
import { reachOf } from '../../domain/policy.ts';
import type { Queryable } from '../db/client.ts';
import { idsValue, oneOfPlaceholder, rowsCompiledByShape } from '../db/rows.ts';
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

/** What a reader may see of one student's grade summary. */
export interface GradeSummaryAccess {
  student: { id: number; first_name: string; last_name: string };
  /** the student and their legal representatives see the VALIDATED and CLOSED assessments only */
  validatedOnly: boolean;
}

/**
 * What changes the access query's text: the instructors' case (with one unit or several), and one
 * student or several.
 */
interface AccessShape {
  instructed: boolean;
  manyGroupUnits: boolean;
  manyStudents: boolean;
}

/** The access query, compiled once for each shape. */
const accessRows = rowsCompiledByShape<
  AccessRow,
  { me: number; groupUnitIds: number | number[]; studentIds: number | number[] },
  AccessShape
>((shape) => {
  // the instructors' case as in instructedStudentIds (policies/assessments.ts)
  const instructed = shape.instructed
    ? sql`exists(select 1 from assessments a
          join group_instructors gi on gi.group_id = a.group_id
          join modules m on m.id = a.module_id
          where a.student_id = p.id and gi.instructor_id = ${sql.placeholder('me')}
            and ${oneOfPlaceholder(sql`m.unit_id`, 'groupUnitIds', shape.manyGroupUnits)})`
    : sql`false`;
  return sql`select p.id, p.first_name, p.last_name,
        array(select a.unit_id from assignments a
          where a.profile_id = p.id and a.role = 'STUDENT') as unit_ids,
        exists(select 1 from legal_representatives r
          where r.student_id = p.id and r.representative_id = ${sql.placeholder('me')}) as is_ward,
        ${instructed} as instructed
      from profiles p where ${oneOfPlaceholder(sql`p.id`, 'studentIds', shape.manyStudents)}`;
});

/**
 * Who reads a student's grade summary (domain.md, viewGradeSummary): managers of the student's
 * unit and instructors of the student see every included assessment; the student and their legal
 * representatives only the VALIDATED and CLOSED ones. Anyone else reads nothing. One hand-written
 * query for any number of students: the students `actor` may read are in the answer, the others
 * are not.
 */
export async function gradeSummaryAccess(
  q: Queryable,
  actor: Actor,
  studentIds: readonly number[],
): Promise<Map<number, GradeSummaryAccess>> {
  const reach = reachOf(actor, 'viewGradeSummary');
  const instructed = reach.groupUnitIds.length > 0 && actor.profileId !== null;
  const shape = {
    instructed,
    manyGroupUnits: instructed && reach.groupUnitIds.length !== 1,
    manyStudents: studentIds.length !== 1,
  };
  const rows = await accessRows(q, shape, {
    me: actor.profileId ?? 0,
    groupUnitIds: idsValue(reach.groupUnitIds),
    studentIds: idsValue(studentIds),
  });
  const readable = new Map<number, GradeSummaryAccess>();
  for (const row of rows) {
    const full =
      reach.all || row.unit_ids.some((unit) => reach.unitIds.includes(unit)) || row.instructed;
    const learner = (reach.own && actor.profileId === row.id) || (reach.wards && row.is_ward);
    if (!full && !learner) continue;
    const student = { id: row.id, first_name: row.first_name, last_name: row.last_name };
    readable.set(row.id, { student, validatedOnly: !full });
  }
  return readable;
}

/** One student's grade summary access, or 404 when `actor` may not read it. */
export async function authorizeGradeSummary(
  q: Queryable,
  actor: Actor,
  studentId: number,
): Promise<GradeSummaryAccess> {
  const access = (await gradeSummaryAccess(q, actor, [studentId])).get(studentId);
  if (!access) throw notFound();
  return access;
}
