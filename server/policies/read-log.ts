import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { notFound } from '../lib/errors.ts';
import { rolesOf, type Actor } from './actor.ts';

/**
 * Who reads a student's read log: the student, their legal representatives and admins; for
 * anyone else the log does not exist (404), as for a student unknown.
 */
export async function authorizeReadLog(q: Queryable, actor: Actor, studentId: number) {
  const [row] = await rowsOf<{ is_ward: boolean }>(
    q,
    sql`select exists(select 1 from legal_representatives r
        where r.student_id = p.id and r.representative_id = ${actor.profileId ?? 0}) as is_ward
      from profiles p where p.id = ${studentId}`,
  );
  if (!row) throw notFound();
  const allowed = rolesOf(actor).includes('ADMIN') || actor.profileId === studentId || row.is_ward;
  if (!allowed) throw notFound();
}
