import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { notFound } from '../lib/errors.ts';
import { scopeOf } from '../../domain/permissions.ts';
import { rolesOf, type Actor } from './actor.ts';

const holdsEverywhere = (actor: Actor, permission: 'readPersonalRecords') =>
  rolesOf(actor).some((role) => scopeOf(role, permission) === 'all');

/**
 * Who reads what the platform keeps about a person (their data export, the read log of their
 * grades): the person, their legal representatives and admins; for anyone else it does not exist
 * (404), as for a person unknown.
 */
export async function authorizePersonalRecords(q: Queryable, actor: Actor, profileId: number) {
  const [row] = await rowsOf<{ is_ward: boolean }>(
    q,
    sql`select exists(select 1 from legal_representatives r
        where r.student_id = p.id and r.representative_id = ${actor.profileId ?? 0}) as is_ward
      from profiles p where p.id = ${profileId}`,
  );
  if (!row) throw notFound();
  const allowed =
    holdsEverywhere(actor, 'readPersonalRecords') || actor.profileId === profileId || row.is_ward;
  if (!allowed) throw notFound();
}
