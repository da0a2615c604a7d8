import type { Role } from './constants.ts';

/**
 * How far a role reaches with a permission (domain.md, "Roles and permissions").
 * - all: everywhere; unit: inside the units of the role's assignments;
 * - groups: the assessment groups the person instructs (and their students);
 * - own: the person's own record; wards: the students who list the person as legal representative.
 */
export type Scope = 'all' | 'unit' | 'groups' | 'own' | 'wards';

const ADMIN_ONLY = { ADMIN: 'all' } as const;
const ADMINS = { ADMIN: 'all', UNIT_ADMIN: 'unit' } as const;
const MANAGERS = { ADMIN: 'all', UNIT_ADMIN: 'unit', COURSE_MANAGER: 'unit' } as const;
const TRAINERS = { ...MANAGERS, INSTRUCTOR: 'groups', ENTERPRISE_INSTRUCTOR: 'groups' } as const;
const GROUP_INSTRUCTORS = { INSTRUCTOR: 'groups', ENTERPRISE_INSTRUCTOR: 'groups' } as const;
const READERS = { ...TRAINERS, STUDENT: 'own', LEGAL_REPRESENTATIVE: 'wards' } as const;

const PERMISSION_TABLE = {
  listUnit: ADMINS,
  addUnit: ADMIN_ONLY,
  changeUnit: ADMIN_ONLY,

  listProfile: MANAGERS,
  addProfile: MANAGERS,
  changeProfile: MANAGERS,
  archiveProfile: MANAGERS,
  inviteProfile: MANAGERS,
  deleteProfile: ADMINS,
  addAssignment: ADMINS,
  deleteAssignment: ADMINS,
  changeUser: ADMINS,
  eraseProfile: ADMIN_ONLY,
  resetSecondFactor: ADMIN_ONLY,
  /** anyone's data export and read log (a person reads their own, a legal representative a ward's) */
  readPersonalRecords: ADMIN_ONLY,

  listStudent: TRAINERS,
  /** the at-risk list: the students of one's units, or of the groups one instructs */
  listStudentsAtRisk: TRAINERS,
  listCohort: { ...MANAGERS, INSTRUCTOR: 'unit' },
  addCohort: MANAGERS,
  changeCohort: MANAGERS,
  archiveCohort: MANAGERS,
  deleteCohort: MANAGERS,

  listModuleTemplate: MANAGERS,
  addModuleTemplate: MANAGERS,
  changeModuleTemplate: MANAGERS,
  archiveModuleTemplate: MANAGERS,
  deleteModuleTemplate: MANAGERS,

  listModuleInstance: TRAINERS,
  addModuleInstance: MANAGERS,
  changeModuleInstance: MANAGERS,
  archiveModuleInstance: MANAGERS,
  manageAssessmentGroups: MANAGERS,
  instanciateAssessment: MANAGERS,

  viewAssessment: READERS,
  evaluateAssessment: TRAINERS,
  validateAssessment: TRAINERS,
  closeAssessment: MANAGERS,
  reopenAssessment: MANAGERS,
  includeAssessmentInGradeSummary: MANAGERS,
  moveAssessment: MANAGERS,
  deleteAssessment: MANAGERS,

  viewGradeSummary: READERS,

  /** the training report cycle (training-report.md): each party writes its own part */
  writeSelfAssessment: { STUDENT: 'own' },
  writeTrainingGoals: GROUP_INSTRUCTORS,
  signTrainingReport: { ...GROUP_INSTRUCTORS, STUDENT: 'own', LEGAL_REPRESENTATIVE: 'wards' },
  listDueReports: TRAINERS,
  /** mailing the sign link again to a legal representative without a login */
  sendSignLink: { ...MANAGERS, ...GROUP_INSTRUCTORS },
} as const satisfies Record<string, Partial<Record<Role, Scope>>>;

export type Permission = keyof typeof PERMISSION_TABLE;
export const PERMISSIONS = Object.keys(PERMISSION_TABLE) as Permission[];

/** The scope a role has for a permission, or undefined when the role lacks it. */
export function scopeOf(role: Role, permission: Permission): Scope | undefined {
  const row: Partial<Record<Role, Scope>> = PERMISSION_TABLE[permission];
  return row[role];
}

/** Each set of roles' permissions once computed: there are at most 2⁷ sets. */
const permissionsOfRoles = new Map<string, readonly Permission[]>();

/**
 * The union of permissions over a set of roles, as `/users/me/` returns it: computed once per set
 * of roles (every `/users/me/` asks), the same frozen list each time.
 */
export function permissionsOf(roles: Iterable<Role>): readonly Permission[] {
  const held = [...new Set(roles)].sort();
  const key = held.join();
  let permissions = permissionsOfRoles.get(key);
  if (permissions === undefined) {
    permissions = Object.freeze(
      PERMISSIONS.filter((permission) => held.some((role) => scopeOf(role, permission))),
    );
    permissionsOfRoles.set(key, permissions);
  }
  return permissions;
}
