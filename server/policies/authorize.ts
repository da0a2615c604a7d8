import { can, reachOf, reachesNothing, type Target } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';

/**
 * The one rule for single objects: outside what the reader may see → 404,
 * visible but the action not allowed → 403.
 */
export function authorize(
  actor: Actor,
  permission: Permission,
  target: Target,
  visible: boolean,
  notFoundError: Error = notFound(),
): void {
  if (!visible) throw notFoundError;
  if (!can(actor, permission, target)) throw forbidden();
}

/**
 * Creating something in a unit named in the body: 403 when the actor may not do it anywhere,
 * a field error on `field` when only this unit is out of their reach.
 */
export function authorizeCreation(
  actor: Actor,
  permission: Permission,
  unitId: number | null,
  field = 'unit',
): void {
  if (can(actor, permission, { unitId })) return;
  if (reachesNothing(reachOf(actor, permission))) throw forbidden();
  throw badRequest(field, 'unitNotAllowed');
}
