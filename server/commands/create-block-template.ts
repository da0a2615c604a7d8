import type { BlockTemplateCreate } from '../../domain/schemas/block-templates.ts';
import type { Queryable } from '../db/client.ts';
import { criterionBlockTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { BlockTemplateRow, TemplateRow } from '../queries/rows.ts';
import { nextBlockOrder } from '../queries/template-parts.ts';
import { recordAudit } from './audit.ts';
import { checkParent, coefficientOf } from './block-template-rules.ts';
import { touchTemplate } from './touch-template.ts';

/** A new block in a template the caller may change, last among its siblings unless ordered. */
export async function createBlockTemplate(
  db: Queryable,
  actor: Actor,
  template: TemplateRow,
  input: BlockTemplateCreate,
): Promise<BlockTemplateRow> {
  const parentId = input.parent ?? null;
  if (parentId !== null) await checkParent(db, template.id, parentId);
  const included = input.should_include_in_export ?? true;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(criterionBlockTemplates)
      .values({
        templateId: template.id,
        parentId,
        order: input.order ?? (await nextBlockOrder(tx, template.id, parentId)),
        name: input.name,
        reference: input.reference,
        referenceColor: input.reference_color,
        shouldIncludeInExport: included,
        isOneLine: input.is_one_line,
        gradingFormula: input.grading_formula,
        coefficient: coefficientOf(included, input.coefficient),
      })
      .returning();
    await touchTemplate(tx, template.id);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'criterion_block_template',
      entityId: row!.id,
      newValue: input,
    });
    return row!;
  });
}
