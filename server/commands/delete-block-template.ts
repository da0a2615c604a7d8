import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { criterionBlockTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { BlockTemplateRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { touchTemplate } from './touch-template.ts';

/** Deletes a block with what it holds (its template's change authorized by the caller). */
export function deleteBlockTemplate(
  db: Queryable,
  actor: Actor,
  block: BlockTemplateRow,
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.delete(criterionBlockTemplates).where(eq(criterionBlockTemplates.id, block.id));
    await touchTemplate(tx, block.templateId);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'criterion_block_template',
      entityId: block.id,
      oldValue: block,
    });
  });
}
