import { and, eq, inArray } from 'drizzle-orm';
import { can } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, legalRepresentatives, profiles, units, users } from '../db/schema/index.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { AssignmentRow, ProfileRow, UnitRow, UserRow } from '../queries/rows.ts';
import type { Actor } from './actor.ts';
import {
  canManageProfile,
  holdsPermission,
  isAdmin,
  subjectOf,
  type ProfileFacts,
} from './people-rules.ts';
import { assignmentScope, profileScope, unitScope } from './people-scope.ts';

/**
 * Loading an object within the actor's reach, then authorizing the action on it:
 * outside the reach → 404, visible but not allowed → 403 (domain.md).
 */

/** 403 unless the actor holds the permission somewhere: the gate of create calls. */
export function requirePermission(actor: Actor, permission: Permission): void {
  if (!holdsPermission(actor, permission)) throw forbidden();
}

/** Everything the rules need about one profile: all its assignments and its representatives. */
export async function profileFacts(db: Queryable, profileId: number): Promise<ProfileFacts> {
  // one query after the other: inside a transaction they share one connection
  const held = await db
    .select({ role: assignments.role, unitId: assignments.unitId })
    .from(assignments)
    .where(eq(assignments.profileId, profileId));
  const representatives = await db
    .select({ id: legalRepresentatives.representativeId })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.studentId, profileId));
  return { id: profileId, assignments: held, representativeIds: representatives.map((r) => r.id) };
}

/** The profile if the actor sees it, else undefined (for ids given in a body: 400 on the field). */
export async function findVisibleProfile(
  db: Queryable,
  actor: Actor,
  id: number,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), profileScope(actor)));
  return row;
}

/** The profile of a path: 404 outside reach, 403 when `permission` is given and not allowed. */
export async function loadProfile(
  db: Queryable,
  actor: Actor,
  id: number,
  permission?: Permission,
): Promise<{ profile: ProfileRow; facts: ProfileFacts }> {
  const profile = await findVisibleProfile(db, actor, id);
  if (!profile) throw notFound();
  const facts = await profileFacts(db, profile.id);
  if (permission && !canManageProfile(actor, permission, facts)) throw forbidden();
  return { profile, facts };
}

export async function findVisibleUnit(db: Queryable, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, id), unitScope(actor)));
  return row;
}

export async function loadUnit(
  db: Queryable,
  actor: Actor,
  id: number,
  permission?: Permission,
): Promise<UnitRow> {
  const unit = await findVisibleUnit(db, actor, id);
  if (!unit) throw notFound();
  if (permission && !can(subjectOf(actor), permission, { unitId: unit.id })) throw forbidden();
  return unit;
}

/** An assignment is visible when its profile is and it is not in a unit the actor cannot read. */
export async function loadAssignment(
  db: Queryable,
  actor: Actor,
  id: number,
): Promise<{ assignment: AssignmentRow; facts: ProfileFacts }> {
  const visibleProfiles = db.select({ id: profiles.id }).from(profiles).where(profileScope(actor));
  const [assignment] = await db
    .select()
    .from(assignments)
    .where(
      and(
        eq(assignments.id, id),
        assignmentScope(actor),
        inArray(assignments.profileId, visibleProfiles),
      ),
    );
  if (!assignment) throw notFound();
  return { assignment, facts: await profileFacts(db, assignment.profileId) };
}

/** A login is visible to its owner and to whoever sees its profile; a login without profile: ADMIN. */
export async function loadUser(
  db: Queryable,
  actor: Actor,
  id: number,
  permission?: Permission,
): Promise<{ user: UserRow; profileId: number | null }> {
  const [row] = await db
    .select({ user: users, profileId: profiles.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw notFound();
  const own = row.user.id === actor.userId;
  const visible =
    own ||
    (row.profileId != null
      ? (await findVisibleProfile(db, actor, row.profileId)) !== undefined
      : isAdmin(actor));
  if (!visible) throw notFound();
  if (permission) {
    const facts =
      row.profileId != null
        ? await profileFacts(db, row.profileId)
        : { id: -1, assignments: [], representativeIds: [] };
    if (!canManageProfile(actor, permission, facts)) throw forbidden();
  }
  return row;
}
