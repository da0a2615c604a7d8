import { eq } from 'drizzle-orm';
import type { ModulePatch } from '../../domain/schemas/modules.ts';
import type { Queryable } from '../db/client.ts';
import { cohorts, modules } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { ModuleRow } from '../queries/rows.ts';
import { moduleFields } from '../lib/own-fields.ts';
import { recordAudit } from './audit.ts';
import { definedOnly } from './touch-template.ts';

/** 400 for a change an archived module, a cohort of another unit or an end before the start refuse. */
async function checkPatch(q: Queryable, module: ModuleRow, changes: ModulePatch) {
  if (changes.status !== undefined && module.status === 'ARCHIVED')
    throw badRequest('status', 'moduleArchived');
  if (changes.cohort) {
    const [cohort] = await q
      .select({ unitId: cohorts.unitId })
      .from(cohorts)
      .where(eq(cohorts.id, changes.cohort));
    if (!cohort) throw badRequest('cohort', 'referencedObjectMissing');
    if (cohort.unitId !== module.unitId) throw badRequest('cohort', 'cohortOtherUnit');
  }
  const start = changes.start_date !== undefined ? changes.start_date : module.startDate;
  const end = changes.end_date !== undefined ? changes.end_date : module.endDate;
  if (start && end && end < start) throw badRequest('end_date', 'moduleEndBeforeStart');
}

/**
 * Changes a module's name, dates, cohort or lock (changeModuleInstance, authorized by the caller);
 * one transaction with its audit row.
 */
export async function changeModule(
  db: Queryable,
  actor: Actor,
  module: ModuleRow,
  changes: ModulePatch,
): Promise<ModuleRow> {
  await checkPatch(db, module, changes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(modules)
      .set({
        ...definedOnly({
          name: changes.name,
          startDate: changes.start_date,
          endDate: changes.end_date,
          cohortId: changes.cohort,
          status: changes.status,
        }),
        updatedAt: new Date(),
      })
      .where(eq(modules.id, module.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'change',
      entity: 'module',
      entityId: module.id,
      oldValue: moduleFields(module),
      newValue: changes,
    });
    return row!;
  });
}
