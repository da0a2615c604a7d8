import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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

/** WHERE clause on `assignments` for the ones the actor sees on a visible profile (no other units'). */
export function assignmentScope(actor: Actor): SQL {
  const ids = readableUnitIds(actor);
  if (ids === 'all') return EVERYTHING;
  return ids.length
    ? or(isNull(assignments.unitId), inArray(assignments.unitId, ids))!
    : isNull(assignments.unitId);
}

/** Whether the actor lists every profile (an ADMIN): no set of ids to start from. */
export const seesEveryProfile = (actor: Actor): boolean =>
  actor.assignments.some(({ role }) => scopeOf(role, 'listProfile') === 'all');

/**
 * WHERE clause on `profiles` for the profiles the actor may see: their own; those holding, in a
 * unit where the actor manages people (listProfile), a role the actor manages; their wards (legal
 * representatives); the students of their groups (instructors). One `id in (…)` over the union
 * of these sets of ids: the database starts from them (an instructor's few hundred students)
 * instead of testing every profile against each set.
 */
export function profileScope(actor: Actor): SQL {
  if (seesEveryProfile(actor)) return EVERYTHING;
  const subject = subjectOf(actor);
  const sets: SQL[] = [];
  const unitsByRoles = new Map<string, { roles: readonly string[]; unitIds: number[] }>();
  for (const { role, unitId } of actor.assignments) {
    if (scopeOf(role, 'listProfile') !== 'unit' || unitId == null) continue;
    const key = MANAGED_ROLES[role].join();
    const entry = unitsByRoles.get(key) ?? { roles: MANAGED_ROLES[role], unitIds: [] };
    entry.unitIds.push(unitId);
    unitsByRoles.set(key, entry);
  }
  for (const { roles, unitIds } of unitsByRoles.values()) {
    const held = and(
      inArray(assignments.unitId, unitIds),
      inArray(assignments.role, roles as never[]),
    );
    sets.push(sql`select ${assignments.profileId} from ${assignments} where ${held}`);
  }
  const me = actor.profileId;
  if (me != null) {
    sets.push(sql`select ${me}::int`);
    if (reachOf(subject, 'viewGradeSummary').wards)
      sets.push(sql`select ${legalRepresentatives.studentId} from ${legalRepresentatives}
        where ${legalRepresentatives.representativeId} = ${me}`);
    const groupUnitIds = reachOf(subject, 'listStudent').groupUnitIds;
    if (groupUnitIds.length > 0) sets.push(instructedStudentIds(me, groupUnitIds));
  }
  return sets.length > 0 ? sql`${profiles.id} in (${sql.join(sets, sql` union all `)})` : NOTHING;
}
