import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assignments } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { AssignmentRow } from '../queries/rows.ts';
import { auditedAssignment, recordAudit } from './audit.ts';

/** Takes a role away (deleteAssignment, authorized by the caller); one transaction. */
export function deleteAssignment(db: Queryable, actor: Actor, assignment: AssignmentRow) {
  return db.transaction(async (tx) => {
    await tx.delete(assignments).where(eq(assignments.id, assignment.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'assignment',
      entityId: assignment.id,
      oldValue: auditedAssignment(assignment),
    });
  });
}
