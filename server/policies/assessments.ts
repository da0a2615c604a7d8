import { and, eq, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { acceptsEvaluationChanges, transition } from '../../domain/assessment-states.ts';
import type {
  AssessmentPermissionKey,
  AssessmentStatus,
  ModuleStatus,
} from '../../domain/constants.ts';
import { PERMISSIONS, scopeOf, type Permission, type Scope } from '../../domain/permissions.ts';
import { can, reachOf, type Target } from '../../domain/policy.ts';
import { idsFilter, idsShapeOf, idsValue, oneOfPlaceholder, type IdsShape } from '../db/rows.ts';
import {
  assessmentGroups,
  assessments,
  groupInstructors,
  legalRepresentatives,
  modules,
} from '../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';

/** An assessment as policies see it: its unit, its group's instructors, its student and their representatives. */
export interface AssessmentTarget extends Target {
  unitId: number;
  instructorProfileIds: number[];
  studentProfileId: number;
  representativeProfileIds: number[];
  status: AssessmentStatus;
  moduleStatus: ModuleStatus;
}

/** Students and legal representatives see an assessment once it is VALIDATED (domain.md). */
const VISIBLE_TO_LEARNERS: AssessmentStatus[] = ['VALIDATED', 'CLOSED'];

/** The SQL columns that give an assessment's policy target; join `modules` on the assessment. */
const outer = (column: string) => sql.raw(`"assessments"."${column}"`);

export const targetColumns = {
  unitId: modules.unitId,
  moduleStatus: modules.status,
  status: assessments.status,
  studentProfileId: assessments.studentId,
  instructorProfileIds: sql<number[]>`array(select ${groupInstructors.instructorId}
    from ${groupInstructors} where ${groupInstructors.groupId} = ${outer('group_id')})`,
  representativeProfileIds: sql<number[]>`array(select ${legalRepresentatives.representativeId}
    from ${legalRepresentatives} where ${legalRepresentatives.studentId} = ${outer('student_id')})`,
};

/**
 * Whether a role of the actor has a permission of `scope`. `can` reads a target's instructors only
 * under a 'groups' scope and its representatives only under a 'wards' scope, so a reader holding
 * neither (an ADMIN, a unit manager) gets the same answers without loading them.
 */
export const holdsScope = (actor: Actor, scope: Scope) =>
  actor.assignments.some(({ role }) => PERMISSIONS.some((p) => scopeOf(role, p) === scope));

/** Whether the actor may see the assessment at all. */
function canView(actor: Actor, target: AssessmentTarget): boolean {
  if (!VISIBLE_TO_LEARNERS.includes(target.status)) {
    // learners' scopes (own, wards) do not reach an assessment in progress
    const hidden = { ...target, studentProfileId: null, representativeProfileIds: [] };
    return can(actor, 'viewAssessment', hidden);
  }
  return can(actor, 'viewAssessment', target);
}

/** 404 outside what the actor sees, 403 when visible but `permission` is not the actor's. */
export function authorizeAssessment(
  actor: Actor,
  permission: Permission,
  target: AssessmentTarget | null | undefined,
): asserts target is AssessmentTarget {
  if (!target || !canView(actor, target)) throw notFound();
  if (!can(actor, permission, target)) throw forbidden();
}

/**
 * PATCH /assessments/{id}/: a new group needs moveAssessment, a comment evaluateAssessment and an
 * assessment that still accepts evaluation changes (409).
 */
export function authorizeAssessmentUpdate(
  actor: Actor,
  target: AssessmentTarget,
  changes: { group?: number; comment?: string },
) {
  if (changes.group !== undefined) authorizeAssessment(actor, 'moveAssessment', target);
  if (changes.comment !== undefined) {
    authorizeAssessment(actor, 'evaluateAssessment', target);
    assertAcceptsEvaluationChanges(target);
  }
}

/** Only IN_PROGRESS assessments of OPEN modules accept evaluation changes; 409 with the reason. */
export function assertAcceptsEvaluationChanges(target: {
  status: AssessmentStatus;
  moduleStatus: ModuleStatus;
}) {
  if (target.moduleStatus !== 'OPEN') throw conflict(`moduleNotOpen_${target.moduleStatus}`);
  if (target.status !== 'IN_PROGRESS') throw conflict('assessmentNotInProgress');
}

/** What the reader may do now, so the web shows the right buttons (the server checks again). */
export function permissionsFor(
  actor: Actor,
  target: AssessmentTarget,
  isIncluded: boolean,
  maySign: boolean,
): Record<AssessmentPermissionKey, boolean> {
  const may = (permission: Permission) => can(actor, permission, target);
  const allowed = (action: Parameters<typeof transition>[1]) =>
    transition(target.status, action).ok;
  return {
    evaluate:
      acceptsEvaluationChanges(target.status, target.moduleStatus) && may('evaluateAssessment'),
    validate: allowed('validate') && may('validateAssessment'),
    close: allowed('close') && may('closeAssessment'),
    reopen: allowed('reopen') && may('reopenAssessment'),
    include: !isIncluded && may('includeAssessmentInGradeSummary'),
    exclude: isIncluded && may('includeAssessmentInGradeSummary'),
    move: allowed('move') && may('moveAssessment'),
    delete: may('deleteAssessment'),
    sign: maySign,
  };
}

/**
 * `column in (subquery)`: a semi-join the planner estimates from the subquery's own statistics
 * (an instructor's few groups), so it reaches the assessments through the column's index.
 */
const amongAll = (column: AnyColumn, ids: SQL) => sql`${column} in (${ids})`;

/**
 * Assessments whose group is instructed by `profileId` (an id, or a bound value of a statement
 * compiled once), in a module of the units `inUnits` selects from a unit id column if given.
 */
export const groupInstructedBy = (profileId: number | SQLWrapper, inUnits?: (unitId: SQL) => SQL) =>
  amongAll(
    assessments.groupId,
    inUnits
      ? sql`select gi.group_id from ${groupInstructors} gi
          join ${assessmentGroups} g on g.id = gi.group_id
          join ${modules} m on m.id = g.module_id
          where gi.instructor_id = ${profileId} and ${inUnits(sql`m.unit_id`)}`
      : sql`select group_id from ${groupInstructors} where instructor_id = ${profileId}`,
  );

/** What changes the text of the assessment list's WHERE: the parts of the reader's reach. */
export interface ListReachShape {
  all: boolean;
  units: IdsShape;
  groupUnits: IdsShape;
  own: boolean;
  wards: boolean;
}

/** The values of assessmentListWhere's placeholders. */
export type ListReachValues = {
  me: number;
  unitIds: number | number[];
  groupUnitIds: number | number[];
};

/** The actor's reach on assessments as the list's WHERE needs it: its shape and its values. */
export function listReachOf(actor: Actor): { shape: ListReachShape; values: ListReachValues } {
  const reach = reachOf(actor, 'viewAssessment');
  const me = actor.profileId;
  const shape: ListReachShape = {
    all: reach.all,
    units: reach.all ? 'none' : idsShapeOf(reach.unitIds),
    groupUnits: reach.all || me === null ? 'none' : idsShapeOf(reach.groupUnitIds),
    own: !reach.all && reach.own && me !== null,
    wards: !reach.all && reach.wards && me !== null,
  };
  const values = {
    me: me ?? 0,
    unitIds: idsValue(reach.unitIds),
    groupUnitIds: idsValue(reach.groupUnitIds),
  };
  return { shape, values };
}

/**
 * The WHERE clause of the assessment list, its values placeholders (listReachOf): managers their
 * units, instructors their groups, students their own and legal representatives their wards' once
 * VALIDATED. Each part starts from what the reader holds (units, groups, wards) and reaches the
 * assessments through an index, so a list costs what its page holds, not what the database holds.
 */
export function assessmentListWhere(shape: ListReachShape): SQL {
  if (shape.all) return sql`true`;
  const parts: SQL[] = [];
  const me = sql.placeholder('me');
  const units = idsFilter(sql`unit_id`, 'unitIds', shape.units);
  if (units)
    parts.push(amongAll(assessments.moduleId, sql`select id from ${modules} where ${units}`));
  if (shape.groupUnits !== 'none')
    parts.push(
      groupInstructedBy(me, (unitId) =>
        oneOfPlaceholder(unitId, 'groupUnitIds', shape.groupUnits === 'many'),
      ),
    );
  const validated = ne(assessments.status, 'IN_PROGRESS');
  if (shape.own) parts.push(and(eq(assessments.studentId, me), validated)!);
  if (shape.wards) {
    const wards = sql`select ${legalRepresentatives.studentId} from ${legalRepresentatives}
      where ${legalRepresentatives.representativeId} = ${me}`;
    parts.push(and(amongAll(assessments.studentId, wards), validated)!);
  }
  return parts.length > 0 ? or(...parts)! : sql`false`;
}

/**
 * "Their groups" for people: the ids of the students with an assessment in a group
 * `instructorProfileId` instructs, in a module of the units `inUnits` selects (all units when
 * omitted). A select of profile ids that starts from the instructor's groups, as groupInstructedBy
 * does.
 */
export const instructedStudentIds = (
  instructorProfileId: number | SQLWrapper,
  inUnits?: (unitId: SQL) => SQL,
) =>
  sql`select distinct ${assessments.studentId} from ${assessments}
    where ${groupInstructedBy(instructorProfileId, inUnits)}`;
