import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { passwordProblems } from '../auth/password-policy.ts';
import { badRequest, forbidden, ValidationError } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { canManageProfile } from '../policies/people-rules.ts';
import { findVisibleProfile, profileFacts, requirePermission } from '../policies/people.ts';
import { auditedUser, recordAudit } from './audit.ts';
import { ensureLoginEmailFree, ensureProfileEmailFree } from './profile-checks.ts';

/**
 * Creates the login of a profile (ADMIN, UNIT_ADMIN of the profile's unit). Without a password
 * the person sets one through an invitation. One transaction.
 */
export function registerUser(
  db: Queryable,
  actor: Actor,
  input: { email: string; profile: number; password?: string },
): Promise<{ id: number }> {
  return db.transaction((tx) => register(tx, actor, input));
}

async function register(
  db: Queryable,
  actor: Actor,
  input: { email: string; profile: number; password?: string },
): Promise<{ id: number }> {
  requirePermission(actor, 'changeUser');
  const profile = await findVisibleProfile(db, actor, input.profile);
  if (!profile) throw badRequest('profile', 'unknownReference');
  if (!canManageProfile(actor, 'changeUser', await profileFacts(db, profile.id))) throw forbidden();
  if (profile.userId != null) throw badRequest('profile', 'profileHasLogin');
  await ensureLoginEmailFree(db, input.email);
  if (input.password !== undefined) {
    const problems = passwordProblems(input.password, input.email);
    if (problems.length) throw new ValidationError({ password: problems });
  }
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      language: profile.language,
    })
    .returning();
  const email = profile.email ?? input.email;
  if (!profile.email) await ensureProfileEmailFree(db, email, profile.id);
  await db
    .update(profiles)
    .set({ userId: user!.id, email, updatedAt: new Date() })
    .where(eq(profiles.id, profile.id));
  await recordAudit(db, actor, {
    action: 'register',
    entity: 'user',
    entityId: user!.id,
    newValue: { ...auditedUser(user!), profile: profile.id },
  });
  return { id: user!.id };
}
