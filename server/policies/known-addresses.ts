import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { profileScope } from './people-scope.ts';

/**
 * Which of `emails` (lower case) are used by a profile or a login, limited to what the actor may
 * learn: an address of a profile outside the actor's reach answers as an unknown one, so these
 * checks tell nobody who exists in another unit. Without an actor: every address (the last check
 * before a write, which the database's uniqueness would refuse anyway).
 */
export async function takenAddresses(
  db: Queryable,
  emails: string[],
  actor?: Actor,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const scope: SQL = actor ? profileScope(actor) : sql`true`;
  const inProfiles = await db
    .select({ email: sql<string>`lower(${profiles.email})` })
    .from(profiles)
    .where(sql`lower(${profiles.email}) in (${list}) and ${scope}`);
  // a login counts through its profile, so the same scope applies to it
  const inUsers = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(sql`lower(${users.email}) in (${list}) and ${actor ? scope : sql`true`}`);
  return new Set([...inProfiles, ...inUsers].map((r) => r.email));
}
