import type { Queryable } from '../db/client.ts';
import { auditTrail } from '../db/schema/index.ts';

/** One row of the audit trail; never pass a secret (password hash, token) as a value. */
export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

export async function recordAudit(
  db: Queryable,
  entry: AuditEntry,
  now = new Date(),
): Promise<void> {
  await db.insert(auditTrail).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    at: now,
  });
}
