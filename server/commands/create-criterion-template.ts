import type { CriterionTemplateCreate } from '../../domain/schemas/criterion-templates.ts';
import type { Queryable } from '../db/client.ts';
import { criterionTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { BlockTemplateRow, CriterionTemplateRow } from '../queries/rows.ts';
import { nextCriterionOrder } from '../queries/template-parts.ts';
import { recordAudit } from './audit.ts';
import {
  checkBlockTakesCriteria,
  checkFinal,
  columnsOf,
  NEW_CRITERION,
} from './criterion-template-rules.ts';
import { touchTemplate } from './touch-template.ts';

/** A new criterion in a block the caller may change, from its preset and fields; last unless ordered. */
export async function createCriterionTemplate(
  db: Queryable,
  actor: Actor,
  block: BlockTemplateRow,
  input: CriterionTemplateCreate,
): Promise<CriterionTemplateRow> {
  await checkBlockTakesCriteria(db, block.id);
  const columns = columnsOf(input);
  checkFinal({ ...NEW_CRITERION, ...columns });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(criterionTemplates)
      .values({
        ...columns,
        name: input.name,
        blockId: block.id,
        order: input.order ?? (await nextCriterionOrder(tx, block.id)),
      })
      .returning();
    await touchTemplate(tx, block.templateId);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'criterion_template',
      entityId: row!.id,
      newValue: input,
    });
    return row!;
  });
}
