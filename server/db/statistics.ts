import { sql } from 'drizzle-orm';
import type { Database, Queryable } from './client.ts';

/** A write of this many rows or more refreshes the planner's statistics of its tables. */
export const BULK_ROWS = 200;

type StatisticsTable =
  'profiles' | 'assignments' | 'assessments' | 'criterion_evaluations' | 'block_evaluations';

/**
 * ANALYZE of the tables a bulk write filled. Without it the planner goes on believing they hold
 * the few rows it last counted: right after 10,000 people were imported, a unit's people list
 * joined them 10,000 × 5,000 times (15 s) until autovacuum got to it, and PGlite, which runs no
 * autovacuum, never would.
 */
export async function refreshStatistics(q: Queryable, tables: readonly StatisticsTable[]) {
  await q.execute(sql.raw(`analyze ${tables.join(', ')}`));
}

/**
 * The embedded database has no autovacuum to keep its statistics: they are gathered at start
 * and every `everyMs` after (a few milliseconds at a school's scale). Returns the stop.
 */
export async function keepStatisticsFresh(database: Database, everyMs = 30 * 60_000) {
  if (database.kind !== 'pglite') return () => {};
  const analyze = () => database.db.execute(sql`analyze`);
  await analyze();
  const timer = setInterval(() => void analyze().catch(() => {}), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
