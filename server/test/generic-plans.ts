import type pg from 'pg';
import type { Db } from '../db/client.ts';

/**
 * Runs a captured statement `runs` times as one named statement on one connection, as the server
 * runs its statements, and answers each run's rows and how many runs PostgreSQL answered with its
 * plan for any values (the generic plan). It makes a plan for the values the first five times,
 * then keeps the generic one only if it is not estimated costlier: else the statement is planned
 * again at every request.
 */
export async function runNamed(
  db: Db,
  statement: { query: string; params: unknown[] },
  runs = 8,
): Promise<{ answers: unknown[][]; genericPlans: number }> {
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  const name = 'run_named';
  try {
    const answers: unknown[][] = [];
    for (let run = 0; run < runs; run++) {
      const answer = await client.query({ name, text: statement.query, values: statement.params });
      answers.push(answer.rows);
    }
    const { rows } = await client.query<{ generic_plans: string }>(
      'select generic_plans from pg_prepared_statements where name = $1',
      [name],
    );
    return { answers, genericPlans: Number(rows[0]!.generic_plans) };
  } finally {
    await client.query(`deallocate ${name}`);
    client.release();
  }
}
