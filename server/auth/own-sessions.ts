import { and, desc, eq, gt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { deviceOf } from './device.ts';
import { destroyUserSessions } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * A session's id as its owner's list shows it: derived from the stored hash, so neither the
 * cookie nor the database key ever leaves the server.
 */
const publicIdOf = (idHash: string) => hashToken(idHash).slice(0, 24);

/** The actor's sessions still alive (neither idle nor too old), the one in use first. */
async function liveSessions(db: Db, config: Config, actor: Actor, now: Date) {
  const idleSince = new Date(now.getTime() - config.SESSION_IDLE_MINUTES * 60_000);
  const openedSince = new Date(now.getTime() - config.SESSION_MAX_HOURS * 3_600_000);
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, actor.userId),
        gt(sessions.lastSeenAt, idleSince),
        gt(sessions.createdAt, openedSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({ row, current: row.idHash === actor.sessionIdHash }));
}

/** GET /users/me/sessions/: each live session's device, network, opening and last use. */
export async function listOwnSessions(db: Db, config: Config, actor: Actor, now = new Date()) {
  const live = await liveSessions(db, config, actor, now);
  return [...live.filter((s) => s.current), ...live.filter((s) => !s.current)].map(
    ({ row, current }) => ({
      id: publicIdOf(row.idHash),
      current,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      device: deviceOf(row.userAgent),
      network: row.network,
    }),
  );
}

/** DELETE /users/me/sessions/{id}/: ends one other session of the actor's (the current: sign out). */
export async function endOwnSession(db: Db, config: Config, actor: Actor, id: string) {
  const live = await liveSessions(db, config, actor, new Date());
  const found = live.find(({ row }) => publicIdOf(row.idHash) === id);
  if (!found) throw notFound();
  if (found.current) throw badRequest('session', 'currentSession');
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.idHash, found.row.idHash));
    await recordAudit(tx, actor, {
      action: 'end_session',
      entity: 'user',
      entityId: actor.userId,
      oldValue: { sessions: 1 },
    });
  });
}

/** POST /users/me/sessions/end_others/: ends every session of the actor's but the current one. */
export async function endOtherSessions(db: Db, actor: Actor) {
  await db.transaction(async (tx) => {
    await destroyUserSessions(tx, actor.userId, actor.sessionIdHash);
    await recordAudit(tx, actor, {
      action: 'end_other_sessions',
      entity: 'user',
      entityId: actor.userId,
    });
  });
}
