import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';

interface SessionInternals {
  session: {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
}

/**
 * The rows of a hand-written query run as a named prepared statement: on PostgreSQL each
 * connection parses and plans it once, instead of on every request (what `db.execute` does, plus
 * the name). One name for one SQL text only. Goes through drizzle's session, so its logger (and
 * the tests' query counter) sees it; PGlite ignores the name.
 */
export async function namedRows<T>(q: Queryable, name: string, query: SQL): Promise<T[]> {
  const { session } = q as unknown as SessionInternals;
  const prepared = session.prepareQuery(session.dialect.sqlToQuery(query), undefined, name, false);
  return (await prepared.execute()).rows as T[];
}
