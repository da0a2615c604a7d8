import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { cohorts, modules, moduleTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';

type StatusTable = typeof cohorts | typeof modules | typeof moduleTemplates;

/** Archives or unarchives a row, with its audit row (old and new status), in one transaction. */
export async function setStatus<T extends StatusTable>(
  db: Db,
  actor: Actor,
  change: {
    table: T;
    entity: string;
    row: T['$inferSelect'];
    action: 'archive' | 'unarchive';
    status: T['$inferSelect']['status'];
  },
): Promise<T['$inferSelect']> {
  const { table, row, action, status } = change;
  const target: PgTable = table;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(target)
      .set({ status, updatedAt: new Date() })
      .where(eq(table.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action,
      entity: change.entity,
      entityId: row.id,
      oldValue: { status: row.status },
      newValue: { status },
    });
    return updated as T['$inferSelect'];
  });
}
