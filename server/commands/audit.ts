import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledOnce } from '../db/rows.ts';
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

/** The values of an audit insert: one array per column, one element per row. */
type AuditColumns = {
  actor: number | null;
  at: string;
  actions: string[];
  entities: string[];
  entityIds: (number | null)[];
  oldValues: (string | null)[];
  newValues: (string | null)[];
};

/** The insert of any number of audit rows, one text compiled once: each column as an array. */
const insertAudits = rowsCompiledOnce<never, AuditColumns>(sql`insert into ${auditTrail}
    (actor_user_id, action, entity, entity_id, old_value, new_value, at)
  select ${sql.placeholder('actor')}::int, e.action, e.entity, e.entity_id, e.old_value,
    e.new_value, ${sql.placeholder('at')}::timestamptz
  from unnest(${sql.placeholder('actions')}::text[], ${sql.placeholder('entities')}::text[],
    ${sql.placeholder('entityIds')}::int[], ${sql.placeholder('oldValues')}::jsonb[],
    ${sql.placeholder('newValues')}::jsonb[])
    with ordinality as e(action, entity, entity_id, old_value, new_value, n)
  order by e.n`);

/** A value as its jsonb column holds it: SQL NULL for none, as drizzle writes a null. */
const jsonOf = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** Many rows of the audit trail in one statement (a batch of a bulk write), in their order. */
export async function recordAudits(
  q: Queryable,
  by: { userId: number } | null,
  entries: AuditEntry[],
  at = new Date(),
): Promise<void> {
  if (entries.length === 0) return;
  await insertAudits(q, {
    actor: by?.userId ?? null,
    at: at.toISOString(),
    actions: entries.map((entry) => entry.action),
    entities: entries.map((entry) => entry.entity),
    entityIds: entries.map((entry) => entry.entityId),
    oldValues: entries.map((entry) => jsonOf(entry.oldValue)),
    newValues: entries.map((entry) => jsonOf(entry.newValue)),
  });
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
