import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';

/**
 * The one second-factor ceremony a session may have under way, kept on the session row: the
 * secret of an authenticator app being set up, or the challenge of a passkey being registered or
 * used. A ceremony of another kind, or none, reads as undefined.
 */
type CeremonyKind = 'totp-setup' | 'passkey-setup' | 'passkey-proof';

export async function beginCeremony(
  db: Queryable,
  sessionIdHash: string,
  kind: CeremonyKind,
  value: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ challenge: `${kind}:${value}` })
    .where(eq(sessions.idHash, sessionIdHash));
}

export async function ceremonyValue(
  db: Queryable,
  sessionIdHash: string,
  kind: CeremonyKind,
): Promise<string | undefined> {
  const [row] = await db
    .select({ challenge: sessions.challenge })
    .from(sessions)
    .where(eq(sessions.idHash, sessionIdHash));
  const prefix = `${kind}:`;
  return row?.challenge?.startsWith(prefix) ? row.challenge.slice(prefix.length) : undefined;
}

/** Ends the ceremony; false when another request ended it first (each is used once). */
export async function endCeremony(
  db: Queryable,
  sessionIdHash: string,
  kind: CeremonyKind,
  value: string,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ challenge: null })
    .where(and(eq(sessions.idHash, sessionIdHash), eq(sessions.challenge, `${kind}:${value}`)))
    .returning({ idHash: sessions.idHash });
  return ended.length > 0;
}
