import type { Role } from '../../domain/constants.ts';
import type { NewProfile } from '../../domain/schemas/profiles.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, profiles } from '../db/schema/index.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { isAdmin, rolesGivableIn } from '../policies/people-rules.ts';
import { requirePermission } from '../policies/people.ts';
import { readProfileRecord } from '../queries/profiles.ts';
import { auditedProfile, recordAudit } from './audit.ts';
import {
  checkNewAssignment,
  ensureProfileEmailFree,
  setLegalRepresentatives,
} from './profile-checks.ts';

/**
 * Creates a profile with its assignments and legal representatives, all or nothing: one
 * transaction with its audit row. Answers the new profile's id.
 */
export function createProfile(db: Queryable, actor: Actor, input: NewProfile): Promise<number> {
  return db.transaction((tx) => insertProfile(tx, actor, input));
}

/**
 * Outside ADMIN, the profile needs an assignment in a unit where the actor may add people, with a
 * role the actor manages, or the actor would lose sight of it.
 */
async function insertProfile(db: Queryable, actor: Actor, input: NewProfile) {
  requirePermission(actor, 'addProfile');
  const wanted = input.assignments ?? [];
  if (wanted.length === 0 && !isAdmin(actor)) throw badRequest('assignments', 'notEmpty');
  const resolved: { unitId: number | null; role: Role }[] = [];
  for (const [index, assignment] of wanted.entries()) {
    const unitId = await checkNewAssignment(
      db,
      actor,
      { unitId: assignment.unit, role: assignment.role },
      `assignments.${index}.unit`,
    );
    if (!rolesGivableIn(actor, unitId, 'addProfile').includes(assignment.role)) throw forbidden();
    if (!resolved.some((r) => r.unitId === unitId && r.role === assignment.role))
      resolved.push({ unitId, role: assignment.role });
  }
  if (input.kind && !resolved.some((a) => a.role === 'STUDENT'))
    throw badRequest('kind', 'kindOnlyForStudents');
  if (input.email) await ensureProfileEmailFree(db, input.email);

  const [profile] = await db
    .insert(profiles)
    .values({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email || null,
      kind: input.kind ?? null,
      language: input.language ?? actor.language,
      birthDate: input.birth_date ?? null,
    })
    .returning();
  const id = profile!.id;
  if (resolved.length)
    await db.insert(assignments).values(resolved.map((a) => ({ profileId: id, ...a })));
  if (input.legal_representatives?.length)
    await setLegalRepresentatives(db, actor, id, input.legal_representatives);
  await recordAudit(db, actor, {
    action: 'create',
    entity: 'profile',
    entityId: id,
    newValue: auditedProfile(await readProfileRecord(db, actor, id)),
  });
  return id;
}
