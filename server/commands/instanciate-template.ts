import type { Db } from '../db/client.ts';
import { moduleBlocks, moduleCriteria, modules, type moduleTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';
import {
  copiedBlockFields,
  copiedCriterionFields,
  copyTree,
  loadTemplateTree,
} from './template-tree.ts';

export interface InstanciateInput {
  name?: string | undefined;
  unitId: number;
  cohortId?: number | null | undefined;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}

/**
 * A new OPEN module with a frozen copy of the template's tree (module_blocks / module_criteria,
 * each remembering its source): later template edits never reach it. One transaction.
 */
export async function instanciateTemplate(
  db: Db,
  actor: Actor,
  template: typeof moduleTemplates.$inferSelect,
  input: InstanciateInput,
) {
  return db.transaction(async (tx) => {
    const [module] = await tx
      .insert(modules)
      .values({
        name: input.name?.trim() || template.templateName,
        templateId: template.id,
        moduleType: template.moduleType,
        language: template.language,
        roundingFormula: template.roundingFormula,
        graded: template.graded,
        unitId: input.unitId,
        cohortId: input.cohortId ?? null,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        status: 'OPEN',
      })
      .returning();
    const { blocks, criteria } = await loadTemplateTree(tx, template.id);
    await copyTree(
      blocks,
      criteria,
      async (block, parentId) => {
        const [row] = await tx
          .insert(moduleBlocks)
          .values({
            ...copiedBlockFields(block),
            moduleId: module!.id,
            parentId,
            sourceBlockId: block.id,
          })
          .returning({ id: moduleBlocks.id });
        return row!.id;
      },
      async (items, blockId) => {
        await tx.insert(moduleCriteria).values(
          items.map((c) => ({
            ...copiedCriterionFields(c),
            moduleId: module!.id,
            blockId,
            sourceCriterionId: c.id,
          })),
        );
      },
    );
    await recordAudit(tx, actor, {
      action: 'instanciate',
      entity: 'module',
      entityId: module!.id,
      newValue: { template: template.id, template_version: template.version, name: module!.name },
    });
    return module!;
  });
}
