import { eq } from 'drizzle-orm';
import type { CriterionTemplatePatch } from '../../domain/schemas/criterion-templates.ts';
import type { Queryable } from '../db/client.ts';
import { criterionTemplates } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { BlockTemplateRow, CriterionTemplateRow, TemplateRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { checkBlockTakesCriteria, checkFinal, columnsOf } from './criterion-template-rules.ts';
import { touchTemplate } from './touch-template.ts';

/**
 * Changes a criterion, or moves it to `newBlock` of the same template (400 otherwise); the
 * template's change is authorized by the caller, for the new block too.
 */
export async function changeCriterionTemplate(
  db: Queryable,
  actor: Actor,
  found: { criterion: CriterionTemplateRow; template: TemplateRow },
  changes: CriterionTemplatePatch,
  newBlock?: BlockTemplateRow,
): Promise<CriterionTemplateRow> {
  const { criterion, template } = found;
  if (newBlock) {
    await checkBlockTakesCriteria(db, newBlock.id);
    if (newBlock.templateId !== template.id) throw badRequest('block', 'blockParentOtherTemplate');
  }
  const columns = {
    ...columnsOf(changes),
    ...(changes.block !== undefined ? { blockId: changes.block } : {}),
  };
  checkFinal({ ...criterion, ...columns });
  if (Object.keys(columns).length === 0) return criterion;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(criterionTemplates)
      .set(columns)
      .where(eq(criterionTemplates.id, criterion.id))
      .returning();
    await touchTemplate(tx, template.id);
    await recordAudit(tx, actor, {
      action: 'change',
      entity: 'criterion_template',
      entityId: criterion.id,
      oldValue: criterion,
      newValue: changes,
    });
    return row!;
  });
}
