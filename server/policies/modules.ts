import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { can, reachOf, type Target } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { ModulePermissions } from '../../domain/schemas/modules.ts';
import type { Queryable } from '../db/client.ts';
import { BY_ID, compiledOnce } from '../db/rows.ts';
import { assessmentGroups, groupInstructors, modules } from '../db/schema/index.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { GroupRow, ModuleRow } from '../queries/rows.ts';
import type { Actor } from './actor.ts';
import { authorize } from './authorize.ts';

/** A module as policies see it: its unit and the instructors of ALL its groups. */
export interface ModuleTarget extends Target {
  unitId: number;
  instructorProfileIds: number[];
}

const moduleUnit = compiledOnce((q) =>
  q.select({ unitId: modules.unitId }).from(modules).where(eq(modules.id, BY_ID)),
);

const moduleInstructors = compiledOnce((q) =>
  q
    .selectDistinct({ id: groupInstructors.instructorId })
    .from(groupInstructors)
    .innerJoin(assessmentGroups, eq(assessmentGroups.id, groupInstructors.groupId))
    .where(eq(assessmentGroups.moduleId, BY_ID)),
);

/**
 * The policy target of a module, or null when there is no such module. Compiled once: every
 * call on a module (its page, its groups, its assessments) starts here.
 */
export async function loadModuleTarget(
  q: Queryable,
  moduleId: number,
): Promise<ModuleTarget | null> {
  const [row] = await moduleUnit(q, { id: moduleId });
  if (!row) return null;
  const instructors = await moduleInstructors(q, { id: moduleId });
  return { unitId: row.unitId, instructorProfileIds: instructors.map((i) => i.id) };
}

/** Whether the actor sees the module (listModuleInstance: unit, or a group they instruct). */
const canSeeModule = (actor: Actor, target: ModuleTarget) =>
  can(actor, 'listModuleInstance', target);

/** 404 outside reach, 403 visible but `permission` not allowed; answers the module's target. */
export async function authorizeModule(
  q: Queryable,
  actor: Actor,
  permission: Permission,
  moduleId: number,
): Promise<ModuleTarget> {
  const target = await loadModuleTarget(q, moduleId);
  const visible = target !== null && canSeeModule(actor, target);
  authorize(actor, permission, target ?? { unitId: null }, visible);
  return target!;
}

/** Modules that have a group instructed by `profileId`. */
export const instructedBy = (profileId: number) =>
  exists(
    sql`(select 1 from ${assessmentGroups} inner join ${groupInstructors}
      on ${groupInstructors.groupId} = ${assessmentGroups.id}
      where ${assessmentGroups.moduleId} = ${modules.id}
      and ${groupInstructors.instructorId} = ${profileId})`,
  );

/** The WHERE clause of the module list for this actor. */
export function moduleListWhere(actor: Actor): SQL {
  const reach = reachOf(actor, 'listModuleInstance');
  if (reach.all) return sql`true`;
  const parts: SQL[] = [];
  if (reach.unitIds.length > 0) parts.push(inArray(modules.unitId, reach.unitIds));
  if (reach.groupUnitIds.length > 0 && actor.profileId !== null)
    parts.push(and(inArray(modules.unitId, reach.groupUnitIds), instructedBy(actor.profileId))!);
  return parts.length > 0 ? or(...parts)! : sql`false`;
}

/** What the reader may do with a module, so the web shows the right buttons. */
export function modulePermissions(actor: Actor, target: ModuleTarget): ModulePermissions {
  return {
    change: can(actor, 'changeModuleInstance', target),
    archive: can(actor, 'archiveModuleInstance', target),
    manage_groups: can(actor, 'manageAssessmentGroups', target),
    instanciate: can(actor, 'instanciateAssessment', target),
  };
}

/** A module named in a body: out of sight reads as missing (400), visible without the right → 403. */
export async function loadModuleNamedInBody(
  q: Queryable,
  actor: Actor,
  moduleId: number,
): Promise<ModuleRow> {
  const target = await loadModuleTarget(q, moduleId);
  if (!target || !canSeeModule(actor, target))
    throw badRequest('module', 'referencedObjectMissing');
  authorize(actor, 'manageAssessmentGroups', target, true);
  const [module] = await q.select().from(modules).where(eq(modules.id, moduleId));
  return module!;
}

/** A group, authorized on its module: seen with the module, managed with manageAssessmentGroups. */
export async function loadGroup(
  q: Queryable,
  actor: Actor,
  id: number,
  permission: 'listModuleInstance' | 'manageAssessmentGroups',
): Promise<{ group: GroupRow; target: ModuleTarget }> {
  const [group] = await q.select().from(assessmentGroups).where(eq(assessmentGroups.id, id));
  if (!group) throw notFound();
  const target = await authorizeModule(q, actor, permission, group.moduleId);
  return { group, target };
}
