import type { Db } from '../db/client.ts';

interface LoggedSession {
  logger: { logQuery(query: string, params: unknown[]): void };
  options: { logger?: unknown };
}

/**
 * Counts the SQL statements drizzle sends while `work` runs, transactions included: the
 * session's logger (and the options its transactions copy it from) is swapped for a counter.
 */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const session = (db as unknown as { session: LoggedSession }).session;
  const saved = { logger: session.logger, optionsLogger: session.options.logger };
  let count = 0;
  const counter = { logQuery: () => void count++ };
  session.logger = counter;
  session.options.logger = counter;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.optionsLogger;
  }
  return count;
}
