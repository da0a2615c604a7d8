import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, assessments } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { GroupRow } from '../queries/rows.ts';
import { auditedGroup, recordAudit } from './audit.ts';
import { instructorIdsOf } from './group-instructors.ts';

/** Deletes a group without assessments (409 with their number otherwise); one transaction. */
export function deleteGroup(db: Queryable, actor: Actor, group: GroupRow): Promise<void> {
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.groupId, group.id));
    if (n > 0) throw conflict('groupHasAssessments', [n]);
    const before = auditedGroup(group, await instructorIdsOf(tx, group.id));
    await tx.delete(assessmentGroups).where(eq(assessmentGroups.id, group.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'assessment_group',
      entityId: group.id,
      oldValue: before,
    });
  });
}
