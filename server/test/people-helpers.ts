import type { Role } from '../../domain/constants.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { createPerson, type PersonOptions } from './factories.ts';
import type { ApiClient, TestApp } from './app.ts';

/** A signed-in client for a new person holding `role` (in `unitId`, none for ADMIN), without the cost of a login. */
export async function signedInAs(
  t: TestApp,
  role: Role,
  unitId: number,
  options: PersonOptions = {},
): Promise<{ client: ApiClient; person: Awaited<ReturnType<typeof createPerson>> }> {
  const person = await createPerson(t.database.db, {
    ...options,
    roles: [{ role, unitId: role === 'ADMIN' ? null : unitId }, ...(options.roles ?? [])],
  });
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, await createSession(t.database.db, person.user!.id));
  return { client, person };
}

/** Row counts of the people tables, to check that a refused call changed nothing. */
export async function peopleCounts(db: Queryable) {
  const tables = [
    'units',
    'users',
    'profiles',
    'assignments',
    'legal_representatives',
    'one_time_tokens',
    'audit_trail',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db.execute(`select count(*)::int as n from ${table}`)) as unknown as
      { rows: { n: number }[] } | { n: number }[];
    const rows = Array.isArray(result) ? result : result.rows;
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}
