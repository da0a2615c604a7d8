import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, profiles, sessions, users } from '../db/schema/index.ts';
import type { Actor, ActorAssignment } from '../policies/actor.ts';
import { hashToken, randomToken } from './tokens.ts';

export const SESSION_COOKIE = 'sessionid';

/** Opens a session for a user and returns the cookie value (only its hash is stored). */
export async function createSession(
  db: Queryable,
  userId: number,
  userAgent?: string,
): Promise<string> {
  const id = randomToken();
  await db
    .insert(sessions)
    .values({ idHash: hashToken(id), userId, userAgent: userAgent?.slice(0, 300) });
  return id;
}

export async function destroySession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user, but the one kept (if any). */
export async function destroyUserSessions(
  db: Queryable,
  userId: number,
  keepIdHash?: string,
): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepIdHash ? and(mine, ne(sessions.idHash, keepIdHash)) : mine);
}

/** Ends every open session of a user: call it when the user is deactivated. */
export async function endSessionsOf(db: Queryable, userId: number): Promise<void> {
  await destroyUserSessions(db, userId);
}

/** The session, its user and the roles they hold, in one round trip (a named statement). */
function sessionQuery(db: Queryable) {
  return db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      userId: users.id,
      email: users.email,
      language: users.language,
      isActive: users.isActive,
      dataProcessingAcceptedAt: users.dataProcessingAcceptedAt,
      profileId: profiles.id,
      assignments: sql<
        ActorAssignment[]
      >`coalesce((select json_agg(json_build_object('role', ${assignments.role}, 'unitId', ${assignments.unitId})) from ${assignments} where ${assignments.profileId} = ${profiles.id}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('actor_of_session');
}

/**
 * The actor behind a session cookie, or null when the session is unknown, idle too long, too old,
 * or its user is deactivated. A live session is touched so the idle clock restarts.
 */
export async function actorOfSession(
  db: Queryable,
  config: Config,
  id: string,
  now = new Date(),
): Promise<Actor | null> {
  const idHash = hashToken(id);
  const [row] = await sessionQuery(db).execute({ idHash });
  if (!row) return null;
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const maxMs = config.SESSION_MAX_HOURS * 3_600_000;
  const expired =
    now.getTime() - row.lastSeenAt.getTime() > idleMs ||
    now.getTime() - row.createdAt.getTime() > maxMs;
  if (expired || !row.isActive) {
    await destroySession(db, idHash);
    return null;
  }
  // touching at most once a minute keeps reads cheap
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    userId: row.userId,
    email: row.email,
    profileId: row.profileId,
    language: row.language,
    isDataProcessingAccepted: row.dataProcessingAcceptedAt !== null,
    assignments: row.assignments,
    sessionIdHash: idHash,
  };
}
