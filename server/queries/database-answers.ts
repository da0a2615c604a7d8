import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

/** Whether the database answers a trivial query within `withinMs` (false on error or timeout). */
export async function databaseAnswers(q: Queryable, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const check = q.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
