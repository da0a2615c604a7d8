import { eq } from 'drizzle-orm';
import type { ArchiveStatus, Locale, ProfileKind } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { loadProfile } from '../policies/people.ts';
import { auditedProfile, presentProfile } from '../presenters/profile.ts';
import { recordAudit } from './audit.ts';
import { ensureProfileEmailFree, setLegalRepresentatives } from './profile-checks.ts';
import { requestEmailChange } from './request-email-change.ts';

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  kind?: ProfileKind | null;
  language?: Locale;
  legal_representatives?: number[];
}

/**
 * Changes a profile's fields. A new address of a profile with a login does not move the login:
 * it is asked for (requestEmailChange) and moves, with the profile's, once confirmed from the new
 * address. Run in a transaction.
 */
export async function changeProfile(
  db: Queryable,
  actor: Actor,
  id: number,
  changes: ProfileChanges,
  origin: string,
) {
  const { profile, facts } = await loadProfile(db, actor, id, 'changeProfile');
  const before = await presentProfile(db, actor, id);
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
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, id));
  if (changes.legal_representatives)
    await setLegalRepresentatives(db, actor, id, changes.legal_representatives);
  const after = await presentProfile(db, actor, id);
  await recordAudit(db, actor, {
    action: 'update',
    entity: 'profile',
    entityId: id,
    oldValue: auditedProfile(before),
    newValue: auditedProfile(after),
  });
  return after;
}

/** Archives or unarchives a profile (idempotent). Run in a transaction. */
export async function setProfileStatus(
  db: Queryable,
  actor: Actor,
  id: number,
  status: ArchiveStatus,
) {
  await loadProfile(db, actor, id, 'archiveProfile');
  const before = await presentProfile(db, actor, id);
  await db.update(profiles).set({ status, updatedAt: new Date() }).where(eq(profiles.id, id));
  const after = await presentProfile(db, actor, id);
  await recordAudit(db, actor, {
    action: status === 'ARCHIVED' ? 'archive' : 'unarchive',
    entity: 'profile',
    entityId: id,
    oldValue: { status: before.status },
    newValue: { status: after.status },
  });
  return after;
}

/** Deletes a profile and its login (sessions, tokens and assignments go with them). Nobody deletes themself. */
export async function deleteProfile(db: Queryable, actor: Actor, id: number) {
  const { profile } = await loadProfile(db, actor, id);
  if (profile.id === actor.profileId) throw forbidden();
  await loadProfile(db, actor, id, 'deleteProfile');
  const before = await presentProfile(db, actor, id);
  await db.delete(profiles).where(eq(profiles.id, id));
  if (profile.userId != null) await db.delete(users).where(eq(users.id, profile.userId));
  await recordAudit(db, actor, {
    action: 'delete',
    entity: 'profile',
    entityId: id,
    oldValue: auditedProfile(before),
  });
}
