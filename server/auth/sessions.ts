import { and, eq, ne, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/constants.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { driverDate, rowsCompiledOnce } from '../db/rows.ts';
import { sessions } from '../db/schema/index.ts';
import type { Actor, ActorAssignment } from '../policies/actor.ts';
import { networkOf } from './network.ts';
import { secondFactorState } from './second-factor-state.ts';
import { hashToken, randomToken } from './tokens.ts';

export const SESSION_COOKIE = 'sessionid';

/**
 * Opens a session for a user and returns the cookie value (only its hash is stored), with the
 * device and the network (not the address) its owner will recognise it by.
 */
export async function createSession(
  db: Queryable,
  userId: number,
  client: { userAgent?: string; address?: string } = {},
): Promise<string> {
  const id = randomToken();
  await db.insert(sessions).values({
    idHash: hashToken(id),
    userId,
    userAgent: client.userAgent?.slice(0, 300),
    network: client.address === undefined ? null : networkOf(client.address),
  });
  return id;
}

export async function destroySession(db: Queryable, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** The session proved a second factor: it may now use the platform. */
export async function markSecondFactorProved(
  db: Queryable,
  idHash: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: now, challenge: null })
    .where(eq(sessions.idHash, idHash));
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

interface SessionRow {
  last_seen_at: string | Date;
  created_at: string | Date;
  user_id: number;
  email: string;
  language: Locale;
  is_active: boolean;
  accepted: boolean;
  factor_proved: boolean;
  has_factor: boolean;
  profile_id: number | null;
  assignments: ActorAssignment[];
}

/**
 * The session, its user and the roles they hold, in one round trip. Hand-written and compiled
 * once: it runs on every request, and building the ORM's select cost more than the query.
 */
const sessionRows = rowsCompiledOnce<SessionRow, { idHash: string }>(
  sql`select s.last_seen_at, s.created_at, u.id as user_id,
    u.email, u.language, u.is_active, u.data_processing_accepted_at is not null as accepted,
    s.second_factor_at is not null as factor_proved,
    exists (select 1 from second_factors f where f.user_id = u.id) as has_factor,
    p.id as profile_id,
    coalesce((select json_agg(json_build_object('role', a.role, 'unitId', a.unit_id))
      from assignments a where a.profile_id = p.id), '[]'::json) as assignments
  from sessions s join users u on u.id = s.user_id left join profiles p on p.user_id = u.id
  where s.id_hash = ${sql.placeholder('idHash')}`,
);

async function readSession(db: Queryable, idHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionRows(db, { idHash });
  return row;
}

const msOf = (value: string | Date) => driverDate(value).getTime();

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
  const row = await readSession(db, idHash);
  if (!row) return null;
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const maxMs = config.SESSION_MAX_HOURS * 3_600_000;
  const lastSeen = msOf(row.last_seen_at);
  const expired = now.getTime() - lastSeen > idleMs || now.getTime() - msOf(row.created_at) > maxMs;
  if (expired || !row.is_active) {
    await destroySession(db, idHash);
    return null;
  }
  // touching at most once a minute keeps reads cheap
  if (now.getTime() - lastSeen > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    userId: row.user_id,
    email: row.email,
    profileId: row.profile_id,
    language: row.language,
    isDataProcessingAccepted: row.accepted,
    assignments: row.assignments,
    sessionIdHash: idHash,
    secondFactor: secondFactorState({
      proved: row.factor_proved,
      hasFactor: row.has_factor,
      roles: row.assignments.map((a) => a.role),
    }),
  };
}
