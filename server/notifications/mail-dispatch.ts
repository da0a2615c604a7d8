import { sql, type SQL } from 'drizzle-orm';
import type { Locale, MailFrequency, NotificationKind } from '../../domain/constants.ts';
import { unsubscribeTokenOf } from '../commands/notification-preferences.ts';
import type { Db, Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { digestMail, notificationMail, type NoticeLine } from '../mail/templates/notification.ts';

/** How many notifications one pass turns into mail at most (the rest in the next pass). */
const BATCH = 100;

interface ClaimedNotice {
  id: number;
  recipient_id: number;
  kind: NotificationKind;
  assessment_id: number | null;
  module_name: string | null;
  frequency: MailFrequency;
  /** the recipient's active login's address and language; null without one */
  email: string | null;
  language: Locale;
}

const RECIPIENT = sql`
  left join profiles p on p.id = c.recipient_id
  left join users u on u.id = p.user_id and u.is_active`;

/** The page a notice leads to: its assessment, or the at-risk list for the warnings. */
function pathOf(notice: ClaimedNotice): string {
  if (notice.kind === 'AT_RISK') return '/students/at-risk';
  if (notice.kind === 'DUE_REPORTS') return '/training-reports/due';
  return notice.assessment_id === null ? '/notifications' : `/assessments/${notice.assessment_id}`;
}

const noticeLine = (notice: ClaimedNotice): NoticeLine => ({
  kind: notice.kind,
  moduleName: notice.module_name,
  path: pathOf(notice),
});

/**
 * Claims the notifications due now and marks them mailed in the same statement (a row locked by
 * another process is skipped, so two processes never both take one), then writes their mails
 * to the outbox in that transaction. `due` chooses the rows; the caller builds the mails.
 */
function claim(tx: Queryable, due: SQL, now: Date) {
  return rowsOf<ClaimedNotice>(
    tx,
    sql`with c as (
        update notifications n set mailed_at = ${now.toISOString()}::timestamptz
        from (${due}) d where n.id = d.id
        returning n.id, n.recipient_id, n.kind, n.assessment_id, n.params->>'module_name' as module_name,
          d.frequency)
      select c.*, u.email, coalesce(u.language, p.language, 'fr') as language
      from c ${RECIPIENT} order by c.id`,
  );
}

const pending = (frequencies: SQL) => sql`
  select n.id, coalesce(f.frequency, 'AT_ONCE') as frequency from notifications n
    left join notification_preferences f on f.profile_id = n.recipient_id and f.kind = n.kind
  where n.mailed_at is null and coalesce(f.frequency, 'AT_ONCE') = any(${frequencies})`;

/** The notifications to mail at once (and those nobody wants by mail, marked done). */
async function mailAtOnce(db: Db, origin: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = sql`${pending(sql`array['AT_ONCE', 'NEVER']`)}
      order by n.id limit ${BATCH} for update of n skip locked`;
    const claimed = await claim(tx, due, now);
    for (const notice of claimed) {
      if (notice.frequency !== 'AT_ONCE' || notice.email === null) continue;
      const token = await unsubscribeTokenOf(tx, notice.recipient_id, notice.kind);
      await enqueueMail(
        tx,
        'notification',
        notificationMail({
          to: notice.email,
          locale: notice.language,
          origin,
          tokens: { [notice.kind]: token },
          notice: noticeLine(notice),
        }),
      );
    }
    return claimed.length;
  });
}

/**
 * The weekly digests: on and after Monday (Swiss time), each person's WEEKLY notifications of
 * the weeks before, in one mail. One process at a time (a transaction's advisory lock), so a
 * person's week is never split between two digests.
 */
async function mailDigests(db: Db, origin: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('notification-digest')) as ok`,
    );
    if (!lock!.ok) return;
    const weekStart = sql`(date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'Europe/Zurich')
      at time zone 'Europe/Zurich')`;
    const due = sql`${pending(sql`array['WEEKLY']`)} and n.created_at < ${weekStart}
      for update of n`;
    const claimed = await claim(tx, due, now);
    const byRecipient = Map.groupBy(claimed, (notice) => notice.recipient_id);
    for (const [recipientId, notices] of byRecipient) {
      const first = notices[0]!;
      if (first.email === null) continue;
      const tokens: Partial<Record<NotificationKind, string>> = {};
      for (const kind of new Set(notices.map((n) => n.kind)))
        tokens[kind] = await unsubscribeTokenOf(tx, recipientId, kind);
      await enqueueMail(
        tx,
        'notification-digest',
        digestMail({
          to: first.email,
          locale: first.language,
          origin,
          tokens,
          notices: notices.map(noticeLine),
        }),
      );
    }
  });
}

/**
 * Turns due notifications into mail in the outbox: each at once where the person wants it so,
 * the week's in one digest on Mondays, none where they chose never. Safe with several processes
 * on one database; the outbox sender runs it before each pass.
 */
export async function mailNotifications(db: Db, origin: string, now = new Date()) {
  while ((await mailAtOnce(db, origin, now)) === BATCH);
  await mailDigests(db, origin, now);
}
