import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { AssignmentInput } from '../../domain/schemas/assignments.ts';
import type { Queryable } from '../db/client.ts';
import { assignments } from '../db/schema/index.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { canManageAssignment } from '../policies/people-rules.ts';
import { findVisibleProfile, profileFacts } from '../policies/people.ts';
import type { AssignmentRow } from '../queries/rows.ts';
import { auditedAssignment, recordAudit } from './audit.ts';
import { checkNewAssignment } from './profile-checks.ts';

async function ensureNew(q: Queryable, profileId: number, unitId: number | null, role: Role) {
  const [existing] = await q
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.profileId, profileId),
        eq(assignments.role, role),
        unitId == null ? isNull(assignments.unitId) : eq(assignments.unitId, unitId),
      ),
    );
  if (existing) throw badRequest('non_field_errors', 'assignmentExists');
}

/**
 * Gives a profile a role in a unit (addAssignment): the profile must be visible, the role the
 * actor's to give in that unit, and the assignment new. One transaction with its audit row.
 */
export function addAssignment(
  db: Queryable,
  actor: Actor,
  input: AssignmentInput,
): Promise<AssignmentRow> {
  const { profile: profileId, role } = input;
  return db.transaction(async (tx) => {
    if (!(await findVisibleProfile(tx, actor, profileId)))
      throw badRequest('profile', 'unknownReference');
    const unitId = await checkNewAssignment(tx, actor, { unitId: input.unit, role });
    const facts = await profileFacts(tx, profileId);
    if (!canManageAssignment(actor, 'addAssignment', { role, unitId }, facts)) throw forbidden();
    await ensureNew(tx, profileId, unitId, role);
    const [row] = await tx.insert(assignments).values({ profileId, unitId, role }).returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'assignment',
      entityId: row!.id,
      newValue: auditedAssignment(row!),
    });
    return row!;
  });
}
