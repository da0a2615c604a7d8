import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assignments, profiles, users } from '../db/schema/index.ts';
import { issueToken } from '../auth/one-time-tokens.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { Mail } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { invitationLink, invitationMail } from '../mail/templates/invitation.ts';
import type { Actor } from '../policies/actor.ts';
import { canManageProfile } from '../policies/people-rules.ts';
import {
  findVisibleProfile,
  findVisibleUnit,
  profileFacts,
  requirePermission,
} from '../policies/people.ts';
import { recordAudit } from './audit.ts';
import { ensureLoginEmailFree } from './profile-checks.ts';

/**
 * Invites a profile to a unit where it is assigned: creates its login (no password, the profile's
 * language) when missing, issues a 14-day INVITATION token and writes the mail to the outbox, all
 * in one transaction.
 */
export function inviteProfile(
  db: Queryable,
  actor: Actor,
  input: { profile: number; unit: number },
  origin: string,
): Promise<{ profile: number; unit: number; user: number }> {
  return db.transaction(async (tx) => {
    const { result, mail } = await prepareInvitation(tx, actor, input, origin);
    await enqueueMail(tx, 'invitation', mail);
    return result;
  });
}

async function prepareInvitation(
  db: Queryable,
  actor: Actor,
  input: { profile: number; unit: number },
  origin: string,
): Promise<{ result: { profile: number; unit: number; user: number }; mail: Mail }> {
  requirePermission(actor, 'inviteProfile');
  const profile = await findVisibleProfile(db, actor, input.profile);
  if (!profile) throw badRequest('profile', 'unknownReference');
  const unit = await findVisibleUnit(db, actor, input.unit);
  if (!unit) throw badRequest('unit', 'unknownReference');
  const [assigned] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.profileId, profile.id), eq(assignments.unitId, unit.id)));
  if (!assigned) throw badRequest('unit', 'notAssignedToUnit');
  const facts = await profileFacts(db, profile.id);
  if (!canManageProfile(actor, 'inviteProfile', facts, unit.id)) throw forbidden();
  if (!profile.email) throw badRequest('profile', 'profileHasNoEmail');

  let userId = profile.userId;
  if (userId == null) {
    await ensureLoginEmailFree(db, profile.email, 'profile');
    const [user] = await db
      .insert(users)
      .values({ email: profile.email, passwordHash: null, language: profile.language })
      .returning({ id: users.id });
    userId = user!.id;
    await db
      .update(profiles)
      .set({ userId, updatedAt: new Date() })
      .where(eq(profiles.id, profile.id));
  }
  const token = await issueToken(db, { userId, purpose: 'INVITATION', unitId: unit.id });
  const result = { profile: profile.id, unit: unit.id, user: userId };
  await recordAudit(db, actor, {
    action: 'invite',
    entity: 'profile',
    entityId: profile.id,
    oldValue: { user: profile.userId },
    newValue: result,
  });
  const mail = invitationMail({
    to: profile.email,
    locale: profile.language,
    firstName: profile.firstName,
    unitName: unit.name,
    link: invitationLink(origin, profile.language, token),
  });
  return { result, mail };
}
