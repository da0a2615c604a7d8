import type { Queryable } from '../db/client.ts';
import { auditTrail } from '../db/schema/index.ts';
import type { ProfileRecord } from '../queries/profiles.ts';
import type { AssignmentRow, GroupRow, UnitRow, UserRow } from '../queries/rows.ts';

/** One row of the audit trail; never pass a secret (password hash, token) as a value. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

/**
 * Who changed what, when, the old and the new value: written by every command in its own
 * transaction, so the trail holds exactly what was committed.
 */
export async function recordAudit(
  q: Queryable,
  by: { userId: number } | null,
  entry: AuditEntry,
  at = new Date(),
): Promise<void> {
  await recordAudits(q, by, [entry], at);
}

/** Many rows of the audit trail in one statement (a batch of a bulk write). */
export async function recordAudits(
  q: Queryable,
  by: { userId: number } | null,
  entries: AuditEntry[],
  at = new Date(),
): Promise<void> {
  if (entries.length === 0) return;
  await q.insert(auditTrail).values(
    entries.map((entry) => ({
      actorUserId: by?.userId ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      oldValue: entry.oldValue ?? null,
      newValue: entry.newValue ?? null,
      at,
    })),
  );
}

/** What the audit trail keeps of a login (no hash). */
export const auditedUser = (user: UserRow) => ({
  email: user.email,
  is_active: user.isActive,
  has_password: user.passwordHash !== null,
  language: user.language,
});

/** What the audit trail keeps of a unit. */
export const auditedUnit = (unit: UnitRow) => ({
  id: unit.id,
  name: unit.name,
  code: unit.code,
  created_at: unit.createdAt.toISOString(),
  updated_at: unit.updatedAt.toISOString(),
});

/** What the audit trail keeps of an assignment. */
export const auditedAssignment = (row: AssignmentRow) => ({
  id: row.id,
  unit: row.unitId,
  role: row.role,
  profile: row.profileId,
  created_at: row.createdAt.toISOString(),
});

/** What the audit trail keeps of a profile: its own fields and links, not the login's secrets. */
export const auditedProfile = ({
  profile,
  assignments,
  representatives,
  login,
}: ProfileRecord) => ({
  id: profile.id,
  first_name: profile.firstName,
  last_name: profile.lastName,
  email: profile.email,
  kind: profile.kind,
  status: profile.status,
  language: profile.language,
  birth_date: profile.birthDate,
  assignments: assignments.map((a) => ({ id: a.id, unit: a.unitId, role: a.role })),
  legal_representatives: representatives.map((r) => r.representativeId),
  user: login?.id ?? null,
  created_at: profile.createdAt.toISOString(),
  updated_at: profile.updatedAt.toISOString(),
});

/** What the audit trail keeps of an assessment group: its name, module and instructors. */
export const auditedGroup = (group: GroupRow, instructorIds: number[]) => ({
  id: group.id,
  name: group.name,
  module: group.moduleId,
  instructors: instructorIds,
});
