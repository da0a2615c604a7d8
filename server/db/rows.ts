import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/**
 * The rows of a hand-written query, for the reads where building the ORM's select costs more than
 * the query itself. Goes through drizzle's `execute`, so its logger (and the tests' query counter)
 * sees it on both drivers.
 */
export async function rowsOf<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
