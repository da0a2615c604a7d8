import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { CohortListQuery } from '../../domain/schemas/cohorts.ts';
import type { Queryable } from '../db/client.ts';
import { cohorts, cohortStudents, profiles } from '../db/schema/index.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { cohortListWhere } from '../policies/cohorts.ts';
import { pagedList, type ListOrdering } from './paged-list.ts';

const cohortOrdering: ListOrdering = {
  columns: { name: cohorts.name, created_at: cohorts.createdAt },
  fallback: 'name',
};

/** The students of each cohort, by last and first name; one query for all. */
export function readCohortStudents(q: Queryable, cohortIds: number[]) {
  return idsByOwner(cohortIds, () =>
    q
      .select({ owner: cohortStudents.cohortId, id: cohortStudents.studentId })
      .from(cohortStudents)
      .innerJoin(profiles, eq(profiles.id, cohortStudents.studentId))
      .where(inArray(cohortStudents.cohortId, cohortIds))
      .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profiles.id)),
  );
}

function listWhere(actor: Actor, query: CohortListQuery): SQL {
  const conditions: (SQL | undefined)[] = [cohortListWhere(actor)];
  if (query.unit) conditions.push(eq(cohorts.unitId, query.unit));
  if (query.status) conditions.push(eq(cohorts.status, query.status));
  if (query.search)
    conditions.push(ilike(cohorts.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  return and(...conditions)!;
}

/** One page of the cohorts the actor may list, with each one's students. */
export async function listCohorts(
  q: Queryable,
  actor: Actor,
  query: CohortListQuery & { limit: number; offset: number },
) {
  const { total, rows } = await pagedList(
    q,
    cohorts,
    listWhere(actor, query),
    cohortOrdering,
    query,
  );
  const students = await readCohortStudents(
    q,
    rows.map((r) => r.id),
  );
  return { total, rows, students };
}
