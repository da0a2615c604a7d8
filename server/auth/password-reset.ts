import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../domain/constants.ts';
import type { Db, Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ValidationError, type FieldErrors } from '../lib/errors.ts';
import type { Mail } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { recordAudit } from '../commands/audit.ts';
import { findUserByEmail } from './login.ts';
import { consumeToken, findLiveToken, issueTokenIfUser, useUpTokensOf } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { passwordProblems } from './password-policy.ts';
import { destroyUserSessions } from './sessions.ts';
import { clearLoginFailures } from './throttle.ts';

/** The web page where a person sets a password: `/set-password?user=…&token=…`, prefixed unless fr. */
function setPasswordLink(
  origin: string,
  input: { language: Locale; userId: number; token: string },
): string {
  const prefix = input.language === DEFAULT_LOCALE ? '' : `/${input.language}`;
  const query = new URLSearchParams({ user: String(input.userId), token: input.token });
  return `${origin.replace(/\/$/, '')}${prefix}/set-password?${query}`;
}

/**
 * For an active account with this address: a one-hour reset token and the mail carrying it.
 * Undefined otherwise; the caller answers the same either way and leaves the mail to the
 * outbox, so neither the answer nor its timing tells whether the address exists.
 */
async function preparePasswordReset(
  db: Queryable,
  input: { email: string; origin: string },
  now = new Date(),
): Promise<Mail | undefined> {
  const found = await findUserByEmail(db, input.email);
  const user = found?.isActive ? found : undefined;
  const token = await issueTokenIfUser(db, { userId: user?.id, purpose: 'PASSWORD_RESET' }, now);
  if (!user) return undefined;
  const link = setPasswordLink(input.origin, { language: user.language, userId: user.id, token });
  return passwordResetMail({ to: user.email, language: user.language, link });
}

/**
 * POST /auth/password-reset/: the reset mail, if the address is an active login's, written to the
 * outbox in one transaction with its token; the answer never waits for (or reveals) the mail server.
 */
export function requestPasswordReset(db: Db, input: { email: string; origin: string }) {
  return db.transaction(async (tx) => {
    const mail = await preparePasswordReset(tx, input);
    if (mail) await enqueueMail(tx, 'password-reset', mail);
  });
}

const invalidToken = () => ({ token: [{ key: 'invalidToken' }] }) satisfies FieldErrors;

/**
 * The live reset or invitation token of that user that may set its password, and the user; the
 * token stays unused. An invitation sets the first password only: it is no way into a login
 * that has one.
 */
async function passwordToken(db: Db, input: { userId: number; token: string }, now: Date) {
  const row = await findLiveToken(db, input.token, ['PASSWORD_RESET', 'INVITATION'], now);
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  const valid =
    row !== undefined &&
    user?.isActive === true &&
    row.userId === user.id &&
    (row.purpose !== 'INVITATION' || user.passwordHash === null);
  return valid ? { row, user } : undefined;
}

/** Whether a set-password link may still be used: told when its page opens, not after typing. */
export async function checkPasswordToken(
  db: Db,
  input: { userId: number; token: string },
  now = new Date(),
): Promise<void> {
  if (!(await passwordToken(db, input, now))) throw new ValidationError(invalidToken());
}

/**
 * Sets a password with a live reset or invitation token of that user: uses the token up, ends
 * every session of the user and forgives the account's failed sign-ins.
 */
export async function resetPassword(
  db: Db,
  input: { userId: number; token: string; password: string },
  now = new Date(),
): Promise<void> {
  const found = await passwordToken(db, input, now);
  const fields: FieldErrors = found ? {} : invalidToken();
  const problems = passwordProblems(input.password, found?.user.email ?? '');
  if (problems.length) fields.password = problems;
  if (!found || problems.length) throw new ValidationError(fields);
  const { row, user } = found;
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // two tabs posting the same link: only one uses the token
    if (!(await consumeToken(tx, row.id, now))) throw new ValidationError(invalidToken());
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await useUpTokensOf(tx, user.id, now);
    await destroyUserSessions(tx, user.id);
    await clearLoginFailures(tx, user.email);
    await recordAudit(
      tx,
      { userId: user.id },
      {
        action: 'password_reset',
        entity: 'user',
        entityId: user.id,
        newValue: { via: row.purpose },
      },
      now,
    );
  });
}
