import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { assignments, auditTrail, profiles, users } from '../db/schema/index.ts';

/**
 * Creates the ADMIN_EMAIL login with the ADMIN role when no user has that address yet (on any
 * database, demo or not). An existing profile with that address gets the login. Data processing
 * is left unaccepted: the administrator accepts it at first sign-in.
 */
export async function ensureFirstAdmin(
  tx: Tx,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing.length) return false;
  const [user] = await tx.insert(users).values({ email, passwordHash }).returning({ id: users.id });
  const [profile] = await tx
    .select({ id: profiles.id, userId: profiles.userId })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = lower(${email})`);
  let profileId = profile?.id;
  if (profile && profile.userId === null) {
    await tx
      .update(profiles)
      .set({ userId: user!.id })
      .where(sql`${profiles.id} = ${profile.id}`);
  } else {
    const [created] = await tx
      .insert(profiles)
      .values({
        firstName: 'Admin',
        lastName: email.split('@')[0]!,
        email: profile ? null : email,
        userId: user!.id,
      })
      .returning({ id: profiles.id });
    profileId = created!.id;
  }
  await tx
    .insert(assignments)
    .values({ profileId: profileId!, role: 'ADMIN', unitId: null })
    .onConflictDoNothing();
  await tx.insert(auditTrail).values({
    actorUserId: null,
    action: 'create_first_admin',
    entity: 'user',
    entityId: user!.id,
    newValue: { email, role: 'ADMIN', profile: profileId },
  });
  return true;
}
