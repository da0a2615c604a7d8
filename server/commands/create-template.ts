import type { Locale } from '../../domain/constants.ts';
import type { TemplateTreeSave } from '../../domain/schemas/template-tree.ts';
import type { ModuleTemplateCreate } from '../../domain/schemas/module-templates.ts';
import type { SkippedItem } from '../../domain/template-tree-save.ts';
import type { Db } from '../db/client.ts';
import { moduleTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { TemplateRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { writeTemplateTree } from './save-template-tree.ts';

/**
 * A new template in `unitId` (addModuleTemplate, authorized by the caller) with the tree given
 * with it, in one transaction: the spec's tree rules apply (save-template-tree.ts), and the items
 * skipped are answered for the caller to log.
 */
export function createTemplate(
  db: Db,
  actor: Actor,
  input: ModuleTemplateCreate & { blocks?: TemplateTreeSave['blocks'] },
  defaults: { unitId: number | null; language: Locale },
): Promise<{ template: TemplateRow; skipped: SkippedItem[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(moduleTemplates)
      .values({
        templateName: input.template_name,
        moduleType: input.module_type,
        description: input.description,
        language: input.language ?? defaults.language,
        roundingFormula: input.rounding_formula,
        graded: input.graded,
        unitId: defaults.unitId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'module_template',
      entityId: row!.id,
      newValue: input,
    });
    const empty = { blocks: [], criteria: [] };
    const skipped = input.blocks ? await writeTemplateTree(tx, row!.id, input.blocks, empty) : [];
    return { template: row!, skipped };
  });
}
