import { inArray, sql, type SQL } from 'drizzle-orm';
import { can, reachOf } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import { cohorts } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { authorize } from './authorize.ts';

/** A cohort is seen by who may list cohorts in its unit (instructors too, domain.md). */
export function authorizeCohort(actor: Actor, permission: Permission, cohort: { unitId: number }) {
  const target = { unitId: cohort.unitId };
  authorize(actor, permission, target, can(actor, 'listCohort', target));
}

export function cohortListWhere(actor: Actor): SQL {
  const reach = reachOf(actor, 'listCohort');
  if (reach.all) return sql`true`;
  return reach.unitIds.length > 0 ? inArray(cohorts.unitId, reach.unitIds) : sql`false`;
}
