import { and, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { units } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { unitScope } from '../policies/people-scope.ts';
import { pagedList } from './paged-list.ts';

/** One page of the units the actor reads, by name, matching `search` in name or code. */
export function listUnits(
  q: Queryable,
  actor: Actor,
  query: { search?: string; limit: number; offset: number },
) {
  const term = query.search?.trim() ? `%${query.search.trim().toLowerCase()}%` : undefined;
  const where = and(
    unitScope(actor),
    term
      ? sql`(lower(${units.name}) like ${term} or lower(${units.code}) like ${term})`
      : undefined,
  );
  const byName = { columns: { name: units.name }, fallback: 'name' };
  return pagedList(q, units, where, byName, query);
}
