import { eq } from 'drizzle-orm';
import type { ModuleTemplatePatch } from '../../domain/schemas/module-templates.ts';
import type { Queryable } from '../db/client.ts';
import { moduleTemplates } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { TemplateRow } from '../queries/rows.ts';
import { templateFields } from '../lib/own-fields.ts';
import { recordAudit } from './audit.ts';

/** Changes a template's fields (changeModuleTemplate, authorized by the caller): a new version. */
export function changeTemplate(
  db: Queryable,
  actor: Actor,
  template: TemplateRow,
  changes: ModuleTemplatePatch,
): Promise<TemplateRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(moduleTemplates)
      .set({
        templateName: changes.template_name,
        moduleType: changes.module_type,
        description: changes.description,
        language: changes.language,
        roundingFormula: changes.rounding_formula,
        graded: changes.graded,
        version: template.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(moduleTemplates.id, template.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'change',
      entity: 'module_template',
      entityId: template.id,
      oldValue: templateFields(template),
      newValue: changes,
    });
    return row!;
  });
}
