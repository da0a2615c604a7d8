import { eq } from 'drizzle-orm';
import { destroyUserSessions } from '../auth/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { UserRow } from '../queries/rows.ts';
import { auditedUser, recordAudit } from './audit.ts';

/**
 * Activates or deactivates a login (changeUser, authorized by the caller); deactivating ends all
 * its sessions at once. Nobody deactivates themself. Answers the login as it is now.
 */
export function setUserActive(
  db: Queryable,
  actor: Actor,
  user: UserRow,
  isActive: boolean,
): Promise<UserRow> {
  if (isActive === user.isActive) return Promise.resolve(user);
  if (!isActive && user.id === actor.userId) throw badRequest('is_active', 'cannotDeactivateSelf');
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!isActive) await destroyUserSessions(tx, user.id);
    await recordAudit(tx, actor, {
      action: isActive ? 'activate' : 'deactivate',
      entity: 'user',
      entityId: user.id,
      oldValue: auditedUser(user),
      newValue: auditedUser(after!),
    });
    return after!;
  });
}
