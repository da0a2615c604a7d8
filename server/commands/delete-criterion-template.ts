import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { criterionTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { CriterionTemplateRow, TemplateRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { touchTemplate } from './touch-template.ts';

/** Deletes a criterion (its template's change authorized by the caller). */
export function deleteCriterionTemplate(
  db: Queryable,
  actor: Actor,
  found: { criterion: CriterionTemplateRow; template: TemplateRow },
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.delete(criterionTemplates).where(eq(criterionTemplates.id, found.criterion.id));
    await touchTemplate(tx, found.template.id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'criterion_template',
      entityId: found.criterion.id,
      oldValue: found.criterion,
    });
  });
}
