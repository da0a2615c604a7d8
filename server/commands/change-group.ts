import { eq } from 'drizzle-orm';
import type { GroupPatch } from '../../domain/schemas/modules.ts';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, modules } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { GroupRow, ModuleRow } from '../queries/rows.ts';
import { auditedGroup, recordAudit } from './audit.ts';
import { checkInstructors, instructorIdsOf, replaceInstructors } from './group-instructors.ts';
import { moveGroup } from './move-group.ts';

/**
 * Renames a group, replaces its instructors, or moves it with its assessments to `to`, a module of
 * the same unit made from the same template (400 otherwise). The caller has authorized managing
 * the groups of both modules. One transaction with its audit row.
 */
export async function changeGroup(
  db: Queryable,
  actor: Actor,
  group: GroupRow,
  changes: GroupPatch,
  to?: ModuleRow,
): Promise<GroupRow> {
  const [from] = await db.select().from(modules).where(eq(modules.id, group.moduleId));
  if (to) {
    if (to.unitId !== from!.unitId) throw badRequest('module', 'groupMoveOtherUnit');
    if (to.templateId === null || to.templateId !== from!.templateId)
      throw badRequest('module', 'groupMoveOtherTemplate');
  }
  const unitId = (to ?? from!).unitId;
  const instructorIds =
    changes.instructors && (await checkInstructors(db, unitId, changes.instructors));
  const before = auditedGroup(group, await instructorIdsOf(db, group.id));
  return db.transaction(async (tx) => {
    if (to) await moveGroup(tx, group.id, group.moduleId, to.id);
    const [row] = await tx
      .update(assessmentGroups)
      .set({ ...(changes.name !== undefined ? { name: changes.name } : {}), updatedAt: new Date() })
      .where(eq(assessmentGroups.id, group.id))
      .returning();
    if (instructorIds) await replaceInstructors(tx, group.id, instructorIds);
    await recordAudit(tx, actor, {
      action: to ? 'move' : 'change',
      entity: 'assessment_group',
      entityId: group.id,
      oldValue: before,
      newValue: changes,
    });
    return row!;
  });
}
