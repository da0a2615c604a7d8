import type { Role } from '../../domain/constants.ts';
import { createSession, markSecondFactorProved, SESSION_COOKIE } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
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
  return { client: await signedInClient(t, person.user!.id), person };
}

/**
 * A client with a session of that login, as after a complete sign-in: the second factor its role
 * may require counts as proved (tests of the second factor open their sessions by signing in).
 */
export async function signedInClient(t: TestApp, userId: number): Promise<ApiClient> {
  const client = t.client();
  const sessionId = await createSession(t.database.db, userId);
  await markSecondFactorProved(t.database.db, hashToken(sessionId));
  client.cookies.set(SESSION_COOKIE, sessionId);
  return client;
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
