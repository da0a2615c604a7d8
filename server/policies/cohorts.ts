import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { can, reachOf } from '../../domain/policy.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { CohortPermissions } from '../../domain/schemas/cohorts.ts';
import type { Queryable } from '../db/client.ts';
import { cohorts } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import type { CohortRow } from '../queries/rows.ts';
import type { Actor } from './actor.ts';
import { authorize } from './authorize.ts';

/** A cohort is seen by who may list cohorts in its unit (instructors too, domain.md). */
function authorizeCohort(actor: Actor, permission: Permission, cohort: { unitId: number }) {
  const target = { unitId: cohort.unitId };
  authorize(actor, permission, target, can(actor, 'listCohort', target));
}

export function cohortListWhere(actor: Actor): SQL {
  const reach = reachOf(actor, 'listCohort');
  if (reach.all) return sql`true`;
  return reach.unitIds.length > 0 ? inArray(cohorts.unitId, reach.unitIds) : sql`false`;
}

/** The cohort, once `actor` may do `permission` on it (404 outside their reach, else 403). */
export async function loadCohort(
  q: Queryable,
  actor: Actor,
  id: number,
  permission: 'listCohort' | 'changeCohort' | 'archiveCohort' | 'deleteCohort',
): Promise<CohortRow> {
  const [cohort] = await q.select().from(cohorts).where(eq(cohorts.id, id));
  if (!cohort) throw notFound();
  authorizeCohort(actor, permission, cohort);
  return cohort;
}

/** What the reader may do with a cohort, so the web shows the right buttons. */
export function cohortPermissions(actor: Actor, cohort: { unitId: number }): CohortPermissions {
  const target = { unitId: cohort.unitId };
  return {
    change: can(actor, 'changeCohort', target),
    archive: can(actor, 'archiveCohort', target),
    delete: can(actor, 'deleteCohort', target),
  };
}
