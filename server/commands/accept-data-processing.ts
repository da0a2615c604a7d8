import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';

/** The signed-in user's data-processing consent: the first one counts, accepting again changes nothing. */
export function acceptDataProcessing(db: Queryable, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    const accepted = await tx
      .update(users)
      .set({ dataProcessingAcceptedAt: now, updatedAt: now })
      .where(and(eq(users.id, actor.userId), isNull(users.dataProcessingAcceptedAt)))
      .returning({ id: users.id });
    if (accepted.length === 0) return;
    await recordAudit(
      tx,
      actor,
      {
        action: 'accept_data_processing',
        entity: 'user',
        entityId: actor.userId,
        oldValue: { data_processing_accepted_at: null },
        newValue: { data_processing_accepted_at: now.toISOString() },
      },
      now,
    );
  });
}
