import type { GroupCreate } from '../../domain/schemas/modules.ts';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { GroupRow, ModuleRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { checkInstructors, replaceInstructors } from './group-instructors.ts';

/** A new group of a module the caller may manage groups of, with instructors of its unit. */
export async function createGroup(
  db: Queryable,
  actor: Actor,
  module: ModuleRow,
  input: GroupCreate,
): Promise<GroupRow> {
  const instructorIds = await checkInstructors(db, module.unitId, input.instructors);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assessmentGroups)
      .values({ name: input.name, moduleId: module.id })
      .returning();
    await replaceInstructors(tx, row!.id, instructorIds);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'assessment_group',
      entityId: row!.id,
      newValue: input,
    });
    return row!;
  });
}
