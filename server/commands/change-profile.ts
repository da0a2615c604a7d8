import { eq } from 'drizzle-orm';
import type { ProfileChanges } from '../../domain/schemas/profiles.ts';
import type { Queryable } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { ProfileFacts } from '../policies/people-rules.ts';
import { readProfileRecord } from '../queries/profiles.ts';
import type { ProfileRow } from '../queries/rows.ts';
import { auditedProfile, recordAudit } from './audit.ts';
import { ensureProfileEmailFree, setLegalRepresentatives } from './profile-checks.ts';
import { requestEmailChange } from './request-email-change.ts';

/**
 * Changes a profile's fields. A new address of a profile with a login does not move the login:
 * it is asked for (requestEmailChange) and moves, with the profile's, once confirmed from the new
 * address. The caller has authorized changeProfile on the loaded profile; one transaction with
 * its audit row.
 */
export function changeProfile(
  db: Queryable,
  actor: Actor,
  loaded: { profile: ProfileRow; facts: ProfileFacts },
  changes: ProfileChanges,
  origin: string,
): Promise<void> {
  return db.transaction((tx) => change(tx, actor, loaded, changes, origin));
}

async function change(
  db: Queryable,
  actor: Actor,
  { profile, facts }: { profile: ProfileRow; facts: ProfileFacts },
  changes: ProfileChanges,
  origin: string,
) {
  const id = profile.id;
  const before = await readProfileRecord(db, actor, id);
  if (changes.kind && !facts.assignments.some((a) => a.role === 'STUDENT'))
    throw badRequest('kind', 'kindOnlyForStudents');
  if (changes.email === null && profile.userId != null) throw badRequest('email', 'required');
  const newAddress =
    changes.email && changes.email.toLowerCase() !== profile.email?.toLowerCase()
      ? changes.email
      : undefined;
  if (newAddress && profile.userId != null)
    await requestEmailChange(db, actor, {
      facts,
      userId: profile.userId,
      newEmail: newAddress,
      origin,
    });
  else if (newAddress) await ensureProfileEmailFree(db, newAddress, id);
  await db
    .update(profiles)
    .set({
      firstName: changes.first_name,
      lastName: changes.last_name,
      email: profile.userId == null ? changes.email : undefined,
      kind: changes.kind,
      language: changes.language,
      birthDate: changes.birth_date,
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, id));
  if (changes.legal_representatives)
    await setLegalRepresentatives(db, actor, id, changes.legal_representatives);
  await recordAudit(db, actor, {
    action: 'update',
    entity: 'profile',
    entityId: id,
    oldValue: auditedProfile(before),
    newValue: auditedProfile(await readProfileRecord(db, actor, id)),
  });
}
