import type { Queryable } from '../db/client.ts';
import { auditTrail } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

/** One row of the audit trail: who changed what, when, the old and the new value. */
export async function recordAudit(q: Queryable, actor: Actor, entry: AuditEntry) {
  await q.insert(auditTrail).values({
    actorUserId: actor.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
  });
}
