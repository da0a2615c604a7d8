import { eq } from 'drizzle-orm';
import type { BlockTemplatePatch } from '../../domain/schemas/block-templates.ts';
import type { Queryable } from '../db/client.ts';
import { criterionBlockTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { BlockTemplateRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { checkParent, coefficientOf } from './block-template-rules.ts';
import { definedOnly, touchTemplate } from './touch-template.ts';

/** Changes a block (its template's change authorized by the caller): a new template version. */
export async function changeBlockTemplate(
  db: Queryable,
  actor: Actor,
  block: BlockTemplateRow,
  changes: BlockTemplatePatch,
): Promise<BlockTemplateRow> {
  if (changes.parent !== undefined && changes.parent !== null && changes.parent !== block.parentId)
    await checkParent(db, block.templateId, changes.parent, block.id);
  const included = changes.should_include_in_export ?? block.shouldIncludeInExport;
  const columns = definedOnly({
    parentId: changes.parent,
    order: changes.order,
    name: changes.name,
    reference: changes.reference,
    referenceColor: changes.reference_color,
    shouldIncludeInExport: changes.should_include_in_export,
    isOneLine: changes.is_one_line,
    gradingFormula: changes.grading_formula,
    coefficient: coefficientOf(included, changes.coefficient),
  });
  if (Object.keys(columns).length === 0) return block;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(criterionBlockTemplates)
      .set(columns)
      .where(eq(criterionBlockTemplates.id, block.id))
      .returning();
    await touchTemplate(tx, block.templateId);
    await recordAudit(tx, actor, {
      action: 'change',
      entity: 'criterion_block_template',
      entityId: block.id,
      oldValue: block,
      newValue: changes,
    });
    return row!;
  });
}
