import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { idsShapeOf, idsValue, inline, oneOfBound, type Bind, type IdsShape } from '../db/rows.ts';
import { scopeOf } from '../../domain/permissions.ts';
import { reachOf } from '../../domain/policy.ts';
import { assignments, legalRepresentatives, profiles, units } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { instructedStudentIds } from './assessments.ts';
import { MANAGED_ROLES, isAdmin, subjectOf } from './people-rules.ts';

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

/** The units an actor reads: every unit for an ADMIN, else the units of their assignments. */
function readableUnitIds(actor: Actor): number[] | 'all' {
  if (isAdmin(actor)) return 'all';
  return [...new Set(actor.assignments.flatMap((a) => (a.unitId == null ? [] : [a.unitId])))];
}

/** WHERE clause on `units` for what the actor may read. */
export function unitScope(actor: Actor): SQL {
  const ids = readableUnitIds(actor);
  if (ids === 'all') return EVERYTHING;
  return ids.length ? inArray(units.id, ids) : NOTHING;
}

/** What changes the text of assignmentScope: every unit, or the units of `unitIds` (none: none). */
export type AssignmentScopeShape = 'all' | IdsShape;

/** The actor's assignment scope: its shape and the value of `unitIds`. */
export function assignmentScopeOf(actor: Actor) {
  const ids = readableUnitIds(actor);
  const shape: AssignmentScopeShape = ids === 'all' ? 'all' : idsShapeOf(ids);
  return { shape, values: { unitIds: ids === 'all' ? [] : idsValue(ids) } };
}

/**
 * The assignments the actor sees on a visible profile (no other units'), as conditions of which
 * one holds: those without a unit, and those of the actor's units, bound by `bind('unitIds')`.
 * Apart, each is a range of the (unit, role, profile) index.
 */
export function assignmentScopeParts(shape: AssignmentScopeShape, bind: Bind): SQL[] {
  if (shape === 'all') return [EVERYTHING];
  const unitless = isNull(assignments.unitId);
  if (shape === 'none') return [unitless];
  return [oneOfBound(assignments.unitId, bind('unitIds'), shape === 'many'), unitless];
}

/** WHERE clause on `assignments` for the ones the actor sees (assignmentScopeParts). */
export function assignmentScopeWhere(shape: AssignmentScopeShape, bind: Bind): SQL {
  const parts = assignmentScopeParts(shape, bind);
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

/** assignmentScopeWhere for the actor, its values inline. */
export function assignmentScope(actor: Actor): SQL {
  const { shape, values } = assignmentScopeOf(actor);
  return assignmentScopeWhere(shape, inline(values));
}

/** Whether the actor lists every profile (an ADMIN): no set of ids to start from. */
const seesEveryProfile = (actor: Actor): boolean =>
  actor.assignments.some(({ role }) => scopeOf(role, 'listProfile') === 'all');

/** What changes the text of profileScopeWhere: which sets of ids the actor's profiles come from. */
export interface ProfileScopeShape {
  all: boolean;
  /** each set of roles the actor manages (code's constants), in units bound as `managed<i>` */
  managed: { roles: readonly string[]; units: IdsShape }[];
  /** the actor's own profile, bound as `me` */
  own: boolean;
  wards: boolean;
  /** the students of the groups the actor instructs, in units bound as `groupUnitIds` */
  groupUnits: IdsShape;
}

/** The actor's profile scope: its shape and its values by name. */
export function profileScopeOf(actor: Actor): {
  shape: ProfileScopeShape;
  values: Record<string, number | number[]>;
} {
  const shape: ProfileScopeShape = {
    all: seesEveryProfile(actor),
    managed: [],
    own: false,
    wards: false,
    groupUnits: 'none',
  };
  const values: Record<string, number | number[]> = { me: actor.profileId ?? 0 };
  if (shape.all) return { shape, values };
  const unitsByRoles = new Map<string, { roles: readonly string[]; unitIds: number[] }>();
  for (const { role, unitId } of actor.assignments) {
    if (scopeOf(role, 'listProfile') !== 'unit' || unitId == null) continue;
    const key = MANAGED_ROLES[role].join();
    const entry = unitsByRoles.get(key) ?? { roles: MANAGED_ROLES[role], unitIds: [] };
    entry.unitIds.push(unitId);
    unitsByRoles.set(key, entry);
  }
  for (const { roles, unitIds } of unitsByRoles.values()) {
    values[`managed${shape.managed.length}`] = idsValue(unitIds);
    shape.managed.push({ roles, units: idsShapeOf(unitIds) });
  }
  if (actor.profileId != null) {
    const subject = subjectOf(actor);
    const groupUnitIds = reachOf(subject, 'listStudent').groupUnitIds;
    shape.own = true;
    shape.wards = reachOf(subject, 'viewGradeSummary').wards;
    shape.groupUnits = idsShapeOf(groupUnitIds);
    values.groupUnitIds = idsValue(groupUnitIds);
  }
  return { shape, values };
}

/**
 * The sets of ids of the profiles the actor may see, one select each, or null for every profile
 * (an ADMIN): their own; those holding, in a unit where the actor manages people (listProfile),
 * a role the actor manages; their wards (legal representatives); the students of their groups
 * (instructors).
 */
export function profileScopeSets(shape: ProfileScopeShape, bind: Bind): SQL[] | null {
  if (shape.all) return null;
  const sets: SQL[] = shape.managed.map(({ roles, units }, i) => {
    const held = and(
      oneOfBound(assignments.unitId, bind(`managed${i}`), units === 'many'),
      inArray(assignments.role, roles as never[]),
    );
    return sql`select ${assignments.profileId} from ${assignments} where ${held}`;
  });
  if (shape.own) sets.push(sql`select ${bind('me')}::int`);
  if (shape.wards)
    sets.push(sql`select ${legalRepresentatives.studentId} from ${legalRepresentatives}
      where ${legalRepresentatives.representativeId} = ${bind('me')}`);
  if (shape.groupUnits !== 'none')
    sets.push(
      instructedStudentIds(bind('me'), (unitId) =>
        oneOfBound(unitId, bind('groupUnitIds'), shape.groupUnits === 'many'),
      ),
    );
  return sets;
}

/**
 * WHERE clause on `profiles` for the profiles the actor may see (profileScopeSets). One `id in
 * (…)` over their union: the database starts from them (an instructor's few hundred students)
 * instead of testing every profile against each set.
 */
export function profileScopeWhere(shape: ProfileScopeShape, bind: Bind): SQL {
  const sets = profileScopeSets(shape, bind);
  if (sets === null) return EVERYTHING;
  return sets.length > 0 ? sql`${profiles.id} in (${sql.join(sets, sql` union all `)})` : NOTHING;
}

/** profileScopeWhere for the actor, its values inline. */
export function profileScope(actor: Actor): SQL {
  const { shape, values } = profileScopeOf(actor);
  return profileScopeWhere(shape, inline(values));
}
