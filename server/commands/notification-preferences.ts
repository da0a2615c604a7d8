import { eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  NOTIFIED_ROLES,
  type MailFrequency,
  type NotificationKind,
  type Role,
} from '../../domain/constants.ts';
import { randomToken } from '../auth/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { notificationPreferences } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';

export type Preferences = Partial<Record<NotificationKind, MailFrequency>>;

/**
 * The person's mail frequency for each kind their roles can receive (NOTIFIED_ROLES): AT_ONCE
 * where they chose nothing.
 */
export async function readPreferences(
  q: Queryable,
  profileId: number,
  roles: readonly Role[],
): Promise<Preferences> {
  const rows = await q
    .select({ kind: notificationPreferences.kind, frequency: notificationPreferences.frequency })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.profileId, profileId));
  const chosen = new Map(rows.map((row) => [row.kind, row.frequency]));
  const theirs = NOTIFICATION_KINDS.filter((kind) =>
    NOTIFIED_ROLES[kind].some((role) => roles.includes(role)),
  );
  return Object.fromEntries(theirs.map((kind) => [kind, chosen.get(kind) ?? 'AT_ONCE']));
}

/**
 * The unsubscribe token of the person's mails of `kind`, created with the row the first time a
 * mail of that kind is written (its frequency stays AT_ONCE until they choose).
 */
export async function unsubscribeTokenOf(q: Queryable, profileId: number, kind: NotificationKind) {
  await q
    .insert(notificationPreferences)
    .values({ profileId, kind, unsubscribeToken: randomToken() })
    .onConflictDoNothing();
  const [row] = await q
    .select({ token: notificationPreferences.unsubscribeToken })
    .from(notificationPreferences)
    .where(
      sql`${notificationPreferences.profileId} = ${profileId} and ${notificationPreferences.kind} = ${kind}`,
    );
  return row!.token;
}

/** Sets the frequencies given, each kind on its own row; the others stay as they were. */
export async function changePreferences(
  q: Queryable,
  profileId: number,
  roles: readonly Role[],
  changes: Preferences,
): Promise<Preferences> {
  return q.transaction(async (tx) => {
    for (const [kind, frequency] of Object.entries(changes) as [NotificationKind, MailFrequency][])
      await tx
        .insert(notificationPreferences)
        .values({ profileId, kind, frequency, unsubscribeToken: randomToken() })
        .onConflictDoUpdate({
          target: [notificationPreferences.profileId, notificationPreferences.kind],
          set: { frequency },
        });
    return readPreferences(tx, profileId, roles);
  });
}

/**
 * Follows an unsubscribe link: the one preference the token belongs to becomes NEVER, nothing
 * else changes; an unknown token is refused with a reason the page shows.
 */
export async function unsubscribe(q: Queryable, token: string): Promise<NotificationKind> {
  const [row] = await q
    .update(notificationPreferences)
    .set({ frequency: 'NEVER' })
    .where(eq(notificationPreferences.unsubscribeToken, token))
    .returning({ kind: notificationPreferences.kind });
  if (!row) throw badRequest('token', 'unsubscribeLinkInvalid');
  return row.kind;
}
