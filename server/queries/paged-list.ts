import { asc, count, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { runNamed } from '../db/rows.ts';

/** The columns a list may be ordered by (`?ordering=`), and the one used without it. */
export interface ListOrdering {
  columns: Record<string, AnyColumn>;
  fallback: string;
}

export interface ListQuery {
  limit: number;
  offset: number;
  ordering?: string;
}

/**
 * One page of a table within `where`: the matching total and the rows, the id ordering last. Both
 * run named, so each shape of a list is planned once per connection.
 */
export async function pagedList<T extends PgTable & { id: AnyColumn }>(
  db: Queryable,
  table: T,
  where: SQL | undefined,
  ordering: ListOrdering,
  query: ListQuery,
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const from: PgTable = table;
  const [{ total } = { total: 0 }] = await runNamed(
    db.select({ total: count() }).from(from).where(where),
  );
  const rows = await runNamed(
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(...orderingOf(query.ordering, ordering.columns, ordering.fallback, table.id))
      .limit(query.limit)
      .offset(query.offset),
  );
  return { total, rows: rows as T['$inferSelect'][] };
}

/** `ordering=name` / `ordering=-name` as ORDER BY, the id last so pages are stable. */
function orderingOf(
  ordering: string | undefined,
  columns: Record<string, AnyColumn>,
  fallback: string,
  id: AnyColumn,
): SQL[] {
  const key = ordering ?? fallback;
  const column = columns[key.replace(/^-/, '')] ?? columns[fallback.replace(/^-/, '')]!;
  return [key.startsWith('-') ? desc(column) : asc(column), asc(id)];
}
