import { eq } from 'drizzle-orm';
import type { InstanciateTemplate } from '../../domain/schemas/module-templates.ts';
import type { Db, Queryable } from '../db/client.ts';
import { cohorts, moduleBlocks, moduleCriteria, modules } from '../db/schema/index.ts';
import { ValidationError } from '../lib/errors.ts';
import type { TemplateRow } from '../queries/rows.ts';
import { requireUnit } from './require-unit.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';
import { copiedBlockFields, copiedCriterionFields, copyTree } from './template-tree.ts';
import { readTemplateTree } from '../queries/templates.ts';

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
  template: TemplateRow,
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
    const { blocks, criteria } = await readTemplateTree(tx, template.id);
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

/**
 * The unit a new module goes to: the template's own, or the one named for a shared template;
 * 400 with every field's problem (unit, cohort of another unit, end before start).
 */
export async function instanciationUnit(
  q: Queryable,
  template: TemplateRow,
  body: InstanciateTemplate,
): Promise<number> {
  const fields: ValidationError['fields'] = {};
  const unitId = body.unit ?? template.unitId;
  if (unitId === null) fields.unit = [{ key: 'required' }];
  else if (template.unitId !== null && unitId !== template.unitId)
    fields.unit = [{ key: 'invalidChoice' }];
  else if (body.unit !== undefined) await requireUnit(q, unitId);
  if (unitId !== null && body.cohort) {
    const [cohort] = await q
      .select({ unitId: cohorts.unitId })
      .from(cohorts)
      .where(eq(cohorts.id, body.cohort));
    if (!cohort) fields.cohort = [{ key: 'referencedObjectMissing' }];
    else if (cohort.unitId !== unitId) fields.cohort = [{ key: 'cohortOtherUnit' }];
  }
  if (body.start_date && body.end_date && body.end_date < body.start_date)
    fields.end_date = [{ key: 'moduleEndBeforeStart' }];
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return unitId!;
}
