import { ROLES, type Role } from '../../domain/constants.ts';
import { scopeOf, type Permission } from '../../domain/permissions.ts';
import type { Subject } from '../../domain/policy.ts';
import type { Actor, ActorAssignment } from './actor.ts';

/**
 * The roles of the profiles each managing role may handle (refining domain.md's table):
 * a course manager handles learners and the people around them (students, instructors,
 * enterprise instructors, legal representatives), never managers or admins; a unit admin handles
 * every role but ADMIN; only an ADMIN handles ADMIN profiles and assignments.
 */
export const MANAGED_ROLES: Record<Role, readonly Role[]> = {
  ADMIN: ROLES,
  UNIT_ADMIN: ROLES.filter((role) => role !== 'ADMIN'),
  COURSE_MANAGER: ['STUDENT', 'INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR', 'LEGAL_REPRESENTATIVE'],
  INSTRUCTOR: [],
  ENTERPRISE_INSTRUCTOR: [],
  STUDENT: [],
  LEGAL_REPRESENTATIVE: [],
};

/** What a profile is, as the rules need it. */
export interface ProfileFacts {
  id: number;
  assignments: readonly ActorAssignment[];
  representativeIds: readonly number[];
}

export const subjectOf = (actor: Actor): Subject => ({
  profileId: actor.profileId,
  assignments: actor.assignments,
});

/** Whether the actor holds the permission anywhere (the gate before any object is looked at). */
export const holdsPermission = (actor: Actor, permission: Permission) =>
  actor.assignments.some(({ role }) => scopeOf(role, permission) !== undefined);

export const isAdmin = (actor: Actor) => actor.assignments.some((a) => a.role === 'ADMIN');

/**
 * Whether the actor may use a people permission (change, archive, delete…) on a profile: through a
 * unit where the profile is assigned (only `inUnit` when given), and only if every role the
 * profile holds, anywhere, is one the actor's role manages.
 */
export function canManageProfile(
  actor: Actor,
  permission: Permission,
  profile: ProfileFacts,
  inUnit?: number,
): boolean {
  return actor.assignments.some(({ role, unitId }) => {
    const scope = scopeOf(role, permission);
    if (scope === 'all') return true;
    if (scope !== 'unit' || unitId == null) return false;
    if (inUnit !== undefined && unitId !== inUnit) return false;
    const managed = MANAGED_ROLES[role];
    return (
      profile.assignments.some((a) => a.unitId === unitId) &&
      profile.assignments.every((a) => managed.includes(a.role))
    );
  });
}

/**
 * Whether the actor may move a profile's login to another address: the login opens every unit
 * the profile is in, so the actor must manage each of its assignments, in each of its units
 * (a course manager of one unit cannot redirect the login of an instructor of another).
 */
export function canChangeLoginAddress(actor: Actor, profile: ProfileFacts): boolean {
  return profile.assignments.every((assignment) =>
    actor.assignments.some(({ role, unitId }) => {
      const scope = scopeOf(role, 'changeProfile');
      if (scope === 'all') return true;
      return (
        scope === 'unit' &&
        unitId != null &&
        unitId === assignment.unitId &&
        MANAGED_ROLES[role].includes(assignment.role)
      );
    }),
  );
}

/** Whether the actor may add or delete this assignment of this profile. */
export function canManageAssignment(
  actor: Actor,
  permission: Extract<Permission, 'addAssignment' | 'deleteAssignment'>,
  assignment: ActorAssignment,
  profile: ProfileFacts,
): boolean {
  if (profile.id === actor.profileId && permission === 'deleteAssignment') return false;
  return actor.assignments.some(({ role, unitId }) => {
    const scope = scopeOf(role, permission);
    if (scope === 'all') return true;
    if (scope !== 'unit' || unitId == null || assignment.unitId !== unitId) return false;
    const managed = MANAGED_ROLES[role];
    return (
      managed.includes(assignment.role) &&
      profile.assignments.every((a) => managed.includes(a.role))
    );
  });
}

/**
 * The roles the actor may give: through assignments (addAssignment) or by creating a profile with
 * its assignments (addProfile). In the order of ROLES.
 */
export function assignableRoles(actor: Actor): Role[] {
  const roles = new Set<Role>();
  for (const { role } of actor.assignments) {
    if (scopeOf(role, 'addAssignment') || scopeOf(role, 'addProfile'))
      MANAGED_ROLES[role].forEach((r) => roles.add(r));
  }
  return ROLES.filter((role) => roles.has(role));
}

/** The roles the actor may give in a unit (null: no unit) with a permission (addProfile, addAssignment). */
export function rolesGivableIn(
  actor: Actor,
  unitId: number | null,
  permission: Permission,
): Role[] {
  const roles = new Set<Role>();
  for (const { role, unitId: held } of actor.assignments) {
    const scope = scopeOf(role, permission);
    if (scope === 'all' || (scope === 'unit' && held != null && held === unitId))
      MANAGED_ROLES[role].forEach((r) => roles.add(r));
  }
  return [...roles];
}
