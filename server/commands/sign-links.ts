import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOCALE_REGIONS, SIGN_LINK_DAYS, type Locale } from '../../domain/constants.ts';
import { hashToken, randomToken } from '../auth/tokens.ts';
import type { Db, Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { signLinks } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signLinkMail, signLinkUrl } from '../mail/templates/sign-link.ts';

interface Recipient {
  representative_id: number;
  email: string;
  language: Locale;
}

/**
 * Mails a single-use sign link to each legal representative a validated training report waits
 * for who has no active login and has an address (`only`: that one), in the caller's
 * transaction; their earlier links of that report stop working. A student is a minor as the
 * sign-off counts it (validation-notices.ts): born less than 18 years before the validation day,
 * or of unknown birth date. Answers how many were mailed.
 */
export async function mailSignLinks(
  tx: Queryable,
  assessmentId: number,
  origin: string,
  options: { now?: Date; only?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const recipients = await rowsOf<Recipient>(
    tx,
    sql`select r.representative_id, p.email, p.language
    from assessments a join modules m on m.id = a.module_id
      join profiles s on s.id = a.student_id
      join legal_representatives r on r.student_id = a.student_id
      join profiles p on p.id = r.representative_id
      left join users u on u.id = p.user_id
    where a.id = ${assessmentId} and m.module_type = 'TRAINING_REPORT'
      and a.status <> 'IN_PROGRESS' and p.erased_at is null and p.email is not null
      and (u.id is null or not u.is_active)
      and (s.birth_date is null or s.birth_date::date
        > (a.validated_at at time zone 'Europe/Zurich')::date - interval '18 years')
      and not exists (select 1 from signatures sg where sg.assessment_id = a.id
        and sg.role = 'LEGAL_REPRESENTATIVE' and sg.voided_at is null)
      and (${options.only ?? null}::int is null or r.representative_id = ${options.only ?? null})`,
  );
  const expiresAt = new Date(now.getTime() + SIGN_LINK_DAYS * 86_400_000);
  for (const recipient of recipients) {
    await tx
      .update(signLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(signLinks.assessmentId, assessmentId),
          eq(signLinks.representativeId, recipient.representative_id),
          isNull(signLinks.usedAt),
          gt(signLinks.expiresAt, now),
        ),
      );
    const token = randomToken();
    await tx.insert(signLinks).values({
      assessmentId,
      representativeId: recipient.representative_id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    const until = new Intl.DateTimeFormat(LOCALE_REGIONS[recipient.language], {
      dateStyle: 'long',
      timeZone: 'Europe/Zurich',
    }).format(expiresAt);
    await enqueueMail(
      tx,
      'sign-link',
      signLinkMail({
        to: recipient.email,
        locale: recipient.language,
        link: signLinkUrl(origin, recipient.language, token),
        until,
      }),
    );
  }
  return recipients.length;
}

/**
 * POST /assessments/{id}/sign-link/ (authorized by the caller): the links mailed again, and the
 * audit row, in one transaction; 409 when nobody is left to mail one to.
 */
export async function sendSignLinksAgain(
  db: Db,
  actor: Actor,
  assessmentId: number,
  origin: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const sent = await mailSignLinks(tx, assessmentId, origin);
    if (sent === 0) throw conflict('noSignLinkRecipient');
    await recordAudit(tx, actor, {
      action: 'send_sign_link',
      entity: 'assessment',
      entityId: assessmentId,
    });
    return sent;
  });
}
