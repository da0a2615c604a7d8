import type { Db } from '../db/client.ts';

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

interface LoggedSession {
  logger: Logger;
  options: { logger?: Logger };
}

/**
 * Counts the SQL statements drizzle sends while `work` runs, transactions included: the
 * session's logger records them (and its transactions are given the same logger).
 */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  return (await captureQueries(db, work)).length;
}

/**
 * The SQL statements drizzle sends while `work` runs, with their parameters, in order. The
 * session's own logger object records them rather than a new one taking its place: a statement
 * compiled once and kept (rows.ts, compiledOnce) holds the logger it was compiled with.
 */
export async function captureQueries(
  db: Db,
  work: () => Promise<unknown>,
): Promise<{ query: string; params: unknown[] }[]> {
  const session = (db as unknown as { session: LoggedSession }).session;
  const { logger } = session;
  const savedOptionsLogger = session.options.logger;
  const ownLogQuery = Object.hasOwn(logger, 'logQuery') ? logger.logQuery : undefined;
  const queries: { query: string; params: unknown[] }[] = [];
  logger.logQuery = (query, params) => void queries.push({ query, params });
  session.options.logger = logger;
  try {
    await work();
  } finally {
    if (ownLogQuery) logger.logQuery = ownLogQuery;
    else delete (logger as Partial<Logger>).logQuery;
    session.options.logger = savedOptionsLogger;
  }
  return queries;
}
