import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessments, modules } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { ModuleRow } from '../queries/rows.ts';
import { moduleFields } from '../lib/own-fields.ts';
import { recordAudit } from './audit.ts';

/** Deletes a module without assessments (409 with their number otherwise); one transaction. */
export function deleteModule(db: Queryable, actor: Actor, module: ModuleRow): Promise<void> {
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.moduleId, module.id));
    if (n > 0) throw conflict('moduleHasAssessments', [n]);
    await tx.delete(modules).where(eq(modules.id, module.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'module',
      entityId: module.id,
      oldValue: moduleFields(module),
    });
  });
}
