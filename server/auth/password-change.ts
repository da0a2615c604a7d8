import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ValidationError, type FieldErrors } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from '../commands/audit.ts';
import { useUpTokensOf } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordProblems } from './password-policy.ts';
import { destroyUserSessions } from './sessions.ts';
import { assertNotThrottled, recordLoginFailure } from './throttle.ts';

/**
 * Changes the signed-in person's password. A wrong current password counts as a failed sign-in
 * (it is the same secret being guessed). Every other session of the user ends; this one stays.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: { currentPassword: string; newPassword: string; address: string },
  now = new Date(),
): Promise<void> {
  const attempt = { email: actor.email, address: input.address };
  await assertNotThrottled(db, attempt, now);
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  const fields: FieldErrors = {};
  if (!(await verifyPassword(user?.passwordHash, input.currentPassword))) {
    await recordLoginFailure(db, attempt, now);
    fields.current_password = [{ key: 'wrongPassword' }];
  }
  const problems = passwordProblems(input.newPassword, actor.email);
  if (problems.length) fields.new_password = problems;
  if (Object.keys(fields).length) throw new ValidationError(fields);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, actor.userId));
    await useUpTokensOf(tx, actor.userId, now);
    await destroyUserSessions(tx, actor.userId, actor.sessionIdHash);
    await recordAudit(
      tx,
      { userId: actor.userId },
      {
        action: 'password_change',
        entity: 'user',
        entityId: actor.userId,
      },
      now,
    );
  });
}
