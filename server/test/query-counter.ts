import type { Db } from '../db/client.ts';

interface LoggedSession {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: unknown };
}

/**
 * Counts the SQL statements drizzle sends while `work` runs, transactions included: the
 * session's logger (and the options its transactions copy it from) is swapped for a recorder.
 */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  return (await captureQueries(db, work)).length;
}

/** The SQL statements drizzle sends while `work` runs, with their parameters, in order. */
export async function captureQueries(
  db: Db,
  work: () => Promise<unknown>,
): Promise<{ query: string; params: unknown[] }[]> {
  const session = (db as unknown as { session: LoggedSession }).session;
  const saved = { logger: session.logger, optionsLogger: session.options.logger };
  const queries: { query: string; params: unknown[] }[] = [];
  const recorder = {
    logQuery: (query: string, params: unknown[]) => void queries.push({ query, params }),
  };
  session.logger = recorder;
  session.options.logger = recorder;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.optionsLogger;
  }
  return queries;
}
