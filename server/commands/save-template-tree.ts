import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TreeBlockInput, TemplateTreeSave } from '../../domain/schemas/template-tree.ts';
import {
  planTreeSave,
  type BlockValues,
  type CriterionValues,
  type SkippedItem,
} from '../../domain/template-tree-save.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';
import { conflict, ValidationError } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { blockFields, criterionFields } from '../../domain/tree.ts';
import { recordAudit } from './audit.ts';
import { readTemplateTree } from '../queries/templates.ts';
import { definedOnly } from './touch-template.ts';

type TemplateRow = typeof moduleTemplates.$inferSelect;
type Tree = Awaited<ReturnType<typeof readTemplateTree>>;

const blockColumns = (values: BlockValues) => ({
  name: values.name,
  reference: values.reference,
  referenceColor: values.reference_color,
  shouldIncludeInExport: values.should_include_in_export,
  isOneLine: values.is_one_line,
  gradingFormula: values.grading_formula,
  coefficient: values.coefficient,
});

const criterionColumns = (values: CriterionValues) => ({
  name: values.name,
  description: values.description,
  hasEvaluation: values.has_evaluation,
  hasTextInput: values.has_text_input,
  hasProgression: values.has_progression,
  flags: values.flags,
  grade: values.grade,
  letterEvaluation: values.letter_evaluation,
  points: values.points,
});

/**
 * Writes a template's whole tree as `planTreeSave` decides (domain/template-tree-save.ts):
 * blocks parent first (a new block gets its id before its content), then the criteria, then
 * deletes what the tree no longer names, once everything kept has its new place (a deleted
 * block takes its content along). Refused input throws a 400 with paths such as
 * `blocks.0.criteria.2.id`; run it inside the caller's transaction so nothing is half saved.
 * Answers the items skipped for want of an id.
 */
export async function writeTemplateTree(
  tx: Tx,
  templateId: number,
  tree: readonly TreeBlockInput[],
  saved: Tree,
): Promise<SkippedItem[]> {
  const result = planTreeSave(tree, {
    blocks: saved.blocks.map((b) => ({ ...blockFields(b), parent: b.parentId })),
    criteria: saved.criteria.map((c) => ({ ...criterionFields(c), block: c.blockId })),
  });
  if (!result.ok) throw new ValidationError(result.errors);
  const plan = result.plan;

  const blockIds: number[] = [];
  for (const block of plan.blocks) {
    const columns = {
      ...blockColumns(block.values),
      templateId,
      parentId: block.parent === null ? null : blockIds[block.parent]!,
      order: block.order,
    };
    if (block.id === null) {
      const [row] = await tx
        .insert(criterionBlockTemplates)
        .values(columns)
        .returning({ id: criterionBlockTemplates.id });
      blockIds.push(row!.id);
    } else {
      if (!block.unchanged)
        await tx
          .update(criterionBlockTemplates)
          .set(columns)
          .where(eq(criterionBlockTemplates.id, block.id));
      blockIds.push(block.id);
    }
  }

  const criterionRow = (criterion: (typeof plan.criteria)[number]) => ({
    ...criterionColumns(criterion.values),
    blockId: blockIds[criterion.block]!,
    order: criterion.order,
  });
  const created = plan.criteria.filter((c) => c.id === null);
  if (created.length > 0) await tx.insert(criterionTemplates).values(created.map(criterionRow));
  for (const criterion of plan.criteria) {
    if (criterion.id === null || criterion.unchanged) continue;
    await tx
      .update(criterionTemplates)
      .set(criterionRow(criterion))
      .where(eq(criterionTemplates.id, criterion.id));
  }

  if (plan.deletedCriterionIds.length > 0)
    await tx
      .delete(criterionTemplates)
      .where(inArray(criterionTemplates.id, plan.deletedCriterionIds));
  if (plan.deletedBlockIds.length > 0)
    await tx
      .delete(criterionBlockTemplates)
      .where(inArray(criterionBlockTemplates.id, plan.deletedBlockIds));
  return plan.skipped;
}

/**
 * `PUT /modules/templates/{id}/tree/`: the template's fields and its whole tree in one
 * transaction. The first statement bumps the template's version, checking the one the editor
 * read (stale → 409); on PostgreSQL its row lock makes a concurrent save of the template wait.
 */
export async function saveTemplateTree(
  db: Db,
  actor: Actor,
  template: TemplateRow,
  body: TemplateTreeSave,
) {
  return db.transaction(async (tx) => {
    const fields = body.template ?? {};
    const [row] = await tx
      .update(moduleTemplates)
      .set({
        ...definedOnly({
          templateName: fields.template_name,
          moduleType: fields.module_type,
          description: fields.description,
          language: fields.language,
          roundingFormula: fields.rounding_formula,
          graded: fields.graded,
        }),
        version: sql`${moduleTemplates.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(moduleTemplates.id, template.id),
          body.version === undefined ? undefined : eq(moduleTemplates.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict('templateStaleVersion');
    const saved = await readTemplateTree(tx, template.id);
    const skipped = await writeTemplateTree(tx, template.id, body.blocks, saved);
    await recordAudit(tx, actor, {
      action: 'save_tree',
      entity: 'module_template',
      entityId: template.id,
      oldValue: { version: row.version - 1, ...saved },
      newValue: body,
    });
    return { template: row, skipped };
  });
}
