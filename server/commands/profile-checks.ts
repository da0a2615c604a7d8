import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { legalRepresentatives, profiles, users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { Role } from '../../domain/constants.ts';
import { findVisibleProfile, findVisibleUnit } from '../policies/people.ts';

/** 400 on `email` when another profile already uses the address (case-insensitive). */
export async function ensureProfileEmailFree(db: Queryable, email: string, exceptId?: number) {
  const same = sql`lower(${profiles.email}) = lower(${email})`;
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptId ? and(same, ne(profiles.id, exceptId)) : same);
  if (taken) throw badRequest('email', 'profileEmailTaken');
}

/** 400 on `field` when a login already uses the address. */
export async function ensureLoginEmailFree(
  db: Queryable,
  email: string,
  field = 'email',
  exceptUserId?: number,
) {
  const same = sql`lower(${users.email}) = lower(${email})`;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(same, ne(users.id, exceptUserId)) : same);
  if (taken) throw badRequest(field, 'loginEmailTaken');
}

/** Replaces a student's legal representatives; each must be a profile the actor sees. */
export async function setLegalRepresentatives(
  db: Queryable,
  actor: Actor,
  studentId: number,
  representativeIds: readonly number[],
) {
  const ids = [...new Set(representativeIds)];
  if (ids.includes(studentId)) throw badRequest('legal_representatives', 'cannotRepresentSelf');
  for (const id of ids) {
    if (!(await findVisibleProfile(db, actor, id)))
      throw badRequest('legal_representatives', 'unknownReference');
  }
  await db.delete(legalRepresentatives).where(eq(legalRepresentatives.studentId, studentId));
  if (ids.length)
    await db
      .insert(legalRepresentatives)
      .values(ids.map((representativeId) => ({ studentId, representativeId })));
}

/** The unit of a new assignment (null for ADMIN); 400 on `field` when missing or out of reach. */
export async function checkNewAssignment(
  db: Queryable,
  actor: Actor,
  input: { unitId: number | null | undefined; role: Role },
  field = 'unit',
): Promise<number | null> {
  if (input.role === 'ADMIN') return null;
  if (input.unitId == null) throw badRequest(field, 'unitRequired');
  if (!(await findVisibleUnit(db, actor, input.unitId)))
    throw badRequest(field, 'unknownReference');
  return input.unitId;
}
