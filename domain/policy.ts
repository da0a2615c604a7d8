import type { Role } from './constants.ts';
import { scopeOf, type Permission } from './permissions.ts';

/** Who acts: the roles they hold, each in a unit (null for ADMIN), and their own profile. */
export interface Subject {
  profileId: number | null;
  assignments: readonly { role: Role; unitId: number | null }[];
}

/**
 * What is acted on, as plain data. Fill in what the object knows:
 * - unitId: the unit it belongs to;
 * - instructorProfileIds: the instructors of the assessment group(s) it belongs to;
 * - studentProfileId: the student it is about;
 * - representativeProfileIds: the legal representatives of that student.
 */
export interface Target {
  unitId?: number | null;
  instructorProfileIds?: readonly number[];
  studentProfileId?: number | null;
  representativeProfileIds?: readonly number[];
}

/** Whether the subject may use `permission` on `target` (domain.md, "Roles and permissions"). Fails closed. */
export function can(subject: Subject, permission: Permission, target: Target = {}): boolean {
  return subject.assignments.some((assignment) => {
    const scope = scopeOf(assignment.role, permission);
    switch (scope) {
      case 'all':
        return true;
      case 'unit':
        return target.unitId != null && assignment.unitId === target.unitId;
      case 'groups':
        return (
          target.unitId != null &&
          assignment.unitId === target.unitId &&
          subject.profileId != null &&
          (target.instructorProfileIds ?? []).includes(subject.profileId)
        );
      case 'own':
        return subject.profileId != null && target.studentProfileId === subject.profileId;
      case 'wards':
        return (
          subject.profileId != null &&
          (target.representativeProfileIds ?? []).includes(subject.profileId)
        );
      default:
        return false;
    }
  });
}

/**
 * What a list may contain for the subject, to become a WHERE clause:
 * everything, or the union of the units, the instructed groups in given units, the own record and
 * the wards. An empty reach means the list is empty.
 */
export interface Reach {
  all: boolean;
  unitIds: number[];
  /** units where the subject sees what belongs to the groups they instruct */
  groupUnitIds: number[];
  own: boolean;
  wards: boolean;
}

export function reachOf(subject: Subject, permission: Permission): Reach {
  const reach: Reach = { all: false, unitIds: [], groupUnitIds: [], own: false, wards: false };
  for (const { role, unitId } of subject.assignments) {
    const scope = scopeOf(role, permission);
    if (scope === 'all') reach.all = true;
    else if (scope === 'unit' && unitId != null) reach.unitIds.push(unitId);
    else if (scope === 'groups' && unitId != null) reach.groupUnitIds.push(unitId);
    else if (scope === 'own') reach.own = subject.profileId != null;
    else if (scope === 'wards') reach.wards = subject.profileId != null;
  }
  reach.unitIds = [...new Set(reach.unitIds)];
  reach.groupUnitIds = [...new Set(reach.groupUnitIds)].filter((id) => !reach.unitIds.includes(id));
  return reach;
}

export const reachesNothing = (reach: Reach) =>
  !reach.all &&
  reach.unitIds.length === 0 &&
  reach.groupUnitIds.length === 0 &&
  !reach.own &&
  !reach.wards;
