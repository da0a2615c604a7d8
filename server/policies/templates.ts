import { isNull, or, inArray, sql, type SQL } from 'drizzle-orm';
import { can, reachOf, reachesNothing, type Target } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import { moduleTemplates } from '../db/schema/index.ts';
import { forbidden } from '../lib/errors.ts';
import type { Actor } from './actor.ts';
import { authorize } from './authorize.ts';

/** Module templates belong to a unit, or to nobody (unit null): shared, changed by ADMIN only. */
export const templateTarget = (template: { unitId: number | null }): Target => ({
  unitId: template.unitId,
});

/** Whoever may list templates somewhere also reads the shared ones. */
export function canSeeTemplate(actor: Actor, template: { unitId: number | null }): boolean {
  if (template.unitId === null) return !reachesNothing(reachOf(actor, 'listModuleTemplate'));
  return can(actor, 'listModuleTemplate', templateTarget(template));
}

/**
 * 404 outside what the actor may see, 403 when visible but `permission` is not allowed; for a
 * shared template the 403 says that only an admin changes it and that a copy can be adapted.
 */
export function authorizeTemplate(
  actor: Actor,
  permission: Permission,
  template: { unitId: number | null },
  notFoundError?: Error,
) {
  const visible = canSeeTemplate(actor, template);
  if (permission === 'listModuleTemplate' && visible) return;
  if (visible && template.unitId === null && !can(actor, permission, templateTarget(template)))
    throw forbidden('templateSharedAdminOnly');
  authorize(actor, permission, templateTarget(template), visible, notFoundError);
}

/** The WHERE clause of the template list for this actor. */
export function templateListWhere(actor: Actor): SQL {
  const reach = reachOf(actor, 'listModuleTemplate');
  if (reach.all) return sql`true`;
  if (reachesNothing(reach)) return sql`false`;
  const unitIds = reach.unitIds;
  return unitIds.length > 0
    ? or(isNull(moduleTemplates.unitId), inArray(moduleTemplates.unitId, unitIds))!
    : isNull(moduleTemplates.unitId);
}
