import { eq, isNull, or, inArray, sql, type SQL } from 'drizzle-orm';
import { can, reachOf, reachesNothing, type Target } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { PartPermissions, TemplatePermissions } from '../../domain/schemas/templates.ts';
import type { Queryable } from '../db/client.ts';
import { moduleTemplates } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { findBlockWithTemplate, findCriterionWithTemplate } from '../queries/template-parts.ts';
import type { TemplateRow } from '../queries/rows.ts';
import type { Actor } from './actor.ts';
import { authorize } from './authorize.ts';

/** Module templates belong to a unit, or to nobody (unit null): shared, changed by ADMIN only. */
const templateTarget = (template: { unitId: number | null }): Target => ({
  unitId: template.unitId,
});

/** Whoever may list templates somewhere also reads the shared ones. */
function canSeeTemplate(actor: Actor, template: { unitId: number | null }): boolean {
  if (template.unitId === null) return !reachesNothing(reachOf(actor, 'listModuleTemplate'));
  return can(actor, 'listModuleTemplate', templateTarget(template));
}

/**
 * 404 outside what the actor may see, 403 when visible but `permission` is not allowed; for a
 * shared template the 403 says that only an admin changes it and that a copy can be adapted.
 */
function authorizeTemplate(
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

/** What the reader may do with a template and with its parts, so the web shows the right buttons. */
export function templatePermissions(
  actor: Actor,
  template: { unitId: number | null },
): { template: TemplatePermissions; parts: PartPermissions } {
  const target = templateTarget(template);
  const change = can(actor, 'changeModuleTemplate', target);
  return {
    template: {
      change,
      delete: can(actor, 'deleteModuleTemplate', target),
      archive: can(actor, 'archiveModuleTemplate', target),
    },
    parts: { change, delete: change },
  };
}

/**
 * The template, once `actor` may do `permission` on it: 404 (or `notFoundError`) when there is
 * none or it is outside their reach, 403 when visible but not allowed.
 */
export async function loadTemplate(
  q: Queryable,
  actor: Actor,
  id: number,
  permission: Permission,
  notFoundError?: Error,
): Promise<TemplateRow> {
  const [template] = await q.select().from(moduleTemplates).where(eq(moduleTemplates.id, id));
  if (!template) throw notFoundError ?? notFound();
  authorizeTemplate(actor, permission, template, notFoundError);
  return template;
}

/** A template named in a body: out of sight reads as missing (400 on `template`), 403 when read-only. */
export async function loadTemplateNamedInBody(q: Queryable, actor: Actor, templateId: number) {
  const [template] = await q
    .select()
    .from(moduleTemplates)
    .where(eq(moduleTemplates.id, templateId));
  if (!template || !canSeeTemplate(actor, template))
    throw badRequest('template', 'referencedObjectMissing');
  authorizeTemplate(actor, 'changeModuleTemplate', template);
  return template;
}

/** A block named in a body: out of sight reads as missing (400 on `block`), 403 when read-only. */
export async function loadBlockNamedInBody(q: Queryable, actor: Actor, blockId: number) {
  const found = await findBlockWithTemplate(q, blockId);
  if (!found || !canSeeTemplate(actor, found.template))
    throw badRequest('block', 'referencedObjectMissing');
  authorizeTemplate(actor, 'changeModuleTemplate', found.template);
  return found;
}

type PartPermission = 'listModuleTemplate' | 'changeModuleTemplate';

/** A block template with its template, once `actor` may do `permission` on the template. */
export async function loadBlockTemplate(
  q: Queryable,
  actor: Actor,
  id: number,
  permission: PartPermission,
) {
  const found = await findBlockWithTemplate(q, id);
  if (!found) throw notFound();
  authorizeTemplate(actor, permission, found.template);
  return found;
}

/** A criterion template with its block and template, once `actor` may do `permission`. */
export async function loadCriterionTemplate(
  q: Queryable,
  actor: Actor,
  id: number,
  permission: PartPermission,
) {
  const found = await findCriterionWithTemplate(q, id);
  if (!found) throw notFound();
  authorizeTemplate(actor, permission, found.template);
  return found;
}
