import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { modules, moduleTemplates } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { TemplateRow } from '../queries/rows.ts';
import { templateFields } from '../lib/own-fields.ts';
import { recordAudit } from './audit.ts';

/** Deletes a template no module was made from (409 with their number otherwise). */
export function deleteTemplate(db: Queryable, actor: Actor, template: TemplateRow): Promise<void> {
  return db.transaction(async (tx) => {
    const [{ used } = { used: 0 }] = await tx
      .select({ used: count() })
      .from(modules)
      .where(eq(modules.templateId, template.id));
    if (used > 0) throw conflict('templateInUse', [used]);
    await tx.delete(moduleTemplates).where(eq(moduleTemplates.id, template.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'module_template',
      entityId: template.id,
      oldValue: templateFields(template),
    });
  });
}
