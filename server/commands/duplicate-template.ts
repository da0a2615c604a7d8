import type { Db } from '../db/client.ts';
import {
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';
import { copiedBlockFields, copiedCriterionFields, copyTree } from './template-tree.ts';
import { readTemplateTree } from '../queries/templates.ts';

/** "2026-11-21 18:45": the date and time a copy is named after, in Swiss time. */
function copyStamp(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Zurich',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A copy of a template with all its blocks and criteria, in one transaction. */
export async function duplicateTemplate(
  db: Db,
  actor: Actor,
  source: typeof moduleTemplates.$inferSelect,
  unitId: number | null,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source;
    const [copy] = await tx
      .insert(moduleTemplates)
      .values({
        ...fields,
        templateName: `${source.templateName} (${copyStamp(now)})`,
        status: 'ACTIVE',
        unitId,
        version: 1,
      })
      .returning();
    const { blocks, criteria } = await readTemplateTree(tx, source.id);
    await copyTree(
      blocks,
      criteria,
      async (block, parentId) => {
        const [row] = await tx
          .insert(criterionBlockTemplates)
          .values({ ...copiedBlockFields(block), templateId: copy!.id, parentId })
          .returning({ id: criterionBlockTemplates.id });
        return row!.id;
      },
      async (items, blockId) => {
        await tx
          .insert(criterionTemplates)
          .values(items.map((c) => ({ ...copiedCriterionFields(c), blockId })));
      },
    );
    await recordAudit(tx, actor, {
      action: 'duplicate',
      entity: 'module_template',
      entityId: copy!.id,
      newValue: { source: source.id, template_name: copy!.templateName, unit: unitId },
    });
    return copy!;
  });
}
