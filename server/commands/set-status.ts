import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { cohorts, modules, moduleTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';

/** What can be archived, by the entity name the audit trail gives it. */
const TABLES = { cohort: cohorts, module: modules, module_template: moduleTemplates } as const;
type Archivable = keyof typeof TABLES;
type RowOf<E extends Archivable> = (typeof TABLES)[E]['$inferSelect'];

/** Archives or unarchives a row, with its audit row (old and new status), in one transaction. */
export async function setStatus<E extends Archivable>(
  db: Queryable,
  actor: Actor,
  change: {
    entity: E;
    row: RowOf<E>;
    action: 'archive' | 'unarchive';
    status: RowOf<E>['status'];
  },
): Promise<RowOf<E>> {
  const { entity, row, action, status } = change;
  const table = TABLES[entity];
  const target: PgTable = table;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(target)
      .set({ status, updatedAt: new Date() })
      .where(eq(table.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action,
      entity,
      entityId: row.id,
      oldValue: { status: row.status },
      newValue: { status },
    });
    return updated as RowOf<E>;
  });
}
