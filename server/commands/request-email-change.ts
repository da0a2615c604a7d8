import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../domain/constants.ts';
import { issueToken } from '../auth/one-time-tokens.ts';
import type { Queryable } from '../db/client.ts';
import { oneTimeTokens, users } from '../db/schema/index.ts';
import { forbidden } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/templates/email-change.ts';
import type { Actor } from '../policies/actor.ts';
import { canChangeLoginAddress, type ProfileFacts } from '../policies/people-rules.ts';
import { recordAudit } from './audit.ts';
import { ensureLoginEmailFree, ensureProfileEmailFree } from './profile-checks.ts';

/** The web page that confirms a new address: `/confirm-email?token=…`, prefixed unless fr. */
function confirmEmailLink(origin: string, language: Locale, token: string): string {
  const prefix = language === DEFAULT_LOCALE ? '' : `/${language}`;
  return `${origin.replace(/\/$/, '')}${prefix}/confirm-email?${new URLSearchParams({ token })}`;
}

/**
 * A new address for a profile that has a login. The login is how its owner signs in, so it does
 * not move on someone else's word: the new address gets a link that moves it, the old one a
 * notice, and an earlier pending change is dropped. Only someone who manages every assignment of
 * the profile, in every unit, may ask. Run in a transaction.
 */
export async function requestEmailChange(
  db: Queryable,
  actor: Actor,
  input: { facts: ProfileFacts; userId: number; newEmail: string; origin: string },
  now = new Date(),
): Promise<void> {
  if (!canChangeLoginAddress(actor, input.facts)) throw forbidden('emailChangeNotAllowed');
  await ensureProfileEmailFree(db, input.newEmail, input.facts.id);
  await ensureLoginEmailFree(db, input.newEmail, 'email', input.userId);
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, input.userId),
        eq(oneTimeTokens.purpose, 'EMAIL_CHANGE'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = await issueToken(
    db,
    { userId: input.userId, purpose: 'EMAIL_CHANGE', newEmail: input.newEmail },
    now,
  );
  const link = confirmEmailLink(input.origin, user!.language, token);
  await enqueueMail(
    db,
    'email-change-confirm',
    emailChangeConfirmMail({ to: input.newEmail, language: user!.language, link }),
  );
  await enqueueMail(
    db,
    'email-change-notice',
    emailChangeNoticeMail({ to: user!.email, language: user!.language }),
  );
  await recordAudit(db, actor, {
    action: 'request_email_change',
    entity: 'user',
    entityId: input.userId,
  });
}
