import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import { ensureLoginEmailFree, ensureProfileEmailFree } from '../commands/profile-checks.ts';
import { badRequest } from '../lib/errors.ts';
import { recordAudit } from '../commands/audit.ts';
import { consumeToken, findLiveToken } from './one-time-tokens.ts';
import { clearLoginFailures } from './throttle.ts';

/**
 * Moves a login, and its profile, to the address its EMAIL_CHANGE token was sent to: the new
 * address proved it receives the mail. Single use; the address must still be free.
 */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<void> {
  const row = await findLiveToken(db, token, ['EMAIL_CHANGE'], now);
  if (!row?.newEmail) throw badRequest('token', 'invalidToken');
  const newEmail = row.newEmail;
  await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, row.id, now))) throw badRequest('token', 'invalidToken');
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, row.userId));
    await ensureLoginEmailFree(tx, newEmail, 'token', row.userId);
    if (profile) await ensureProfileEmailFree(tx, newEmail, profile.id);
    await tx.update(users).set({ email: newEmail, updatedAt: now }).where(eq(users.id, row.userId));
    if (profile)
      await tx
        .update(profiles)
        .set({ email: newEmail, updatedAt: now })
        .where(eq(profiles.id, profile.id));
    await clearLoginFailures(tx, user!.email);
    await recordAudit(
      tx,
      { userId: row.userId },
      {
        action: 'confirm_email_change',
        entity: 'user',
        entityId: row.userId,
        oldValue: { email: user!.email },
        newValue: { email: newEmail },
      },
      now,
    );
  });
}
