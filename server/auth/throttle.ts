import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Sign-in throttling of unknown devices: only FAILED attempts count, so a person who types the
 * right password is never slowed. Past a limit, every attempt from an unknown device (right
 * password or not) answers 429 until enough failures have left the window. A device that signed
 * in to the account before is not held by these counts (trusted-devices.ts), so strangers cannot
 * lock its owner out.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** failures per account (e-mail address as typed, lower-cased), known or not */
  perAccount: 5,
  /**
   * failures per client address and account: a school behind one address is never locked as a
   * whole by one pupil's failures
   */
  perAddressAndAccount: 20,
} as const;

export const accountKey = (email: string) => email.trim().toLowerCase();

/** Seconds until fewer than `limit` failures remain in the window, or 0 when under the limit. */
async function waitFor(db: Queryable, which: SQL, limit: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(which, gt(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(limit);
  const oldest = recent[limit - 1];
  if (!oldest) return 0;
  const freeAt = oldest.at.getTime() + LOGIN_THROTTLE.windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** Throws 429 (with Retry-After) when the account or the address has failed too often. */
export async function assertNotThrottled(
  db: Queryable,
  input: { email: string; address: string },
  now = new Date(),
): Promise<void> {
  const account = eq(loginFailures.email, accountKey(input.email));
  const pair = and(account, eq(loginFailures.address, input.address))!;
  const wait = Math.max(
    await waitFor(db, account, LOGIN_THROTTLE.perAccount, now),
    await waitFor(db, pair, LOGIN_THROTTLE.perAddressAndAccount, now),
  );
  if (wait > 0)
    throw new AppError(429, 'loginThrottled', [Math.ceil(wait / 60)], {
      'retry-after': String(wait),
    });
}

/** Records a failed sign-in and drops every failure that left the window. */
export async function recordLoginFailure(
  db: Queryable,
  input: { email: string; address: string },
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  await db.delete(loginFailures).where(lt(loginFailures.at, since));
  await db
    .insert(loginFailures)
    .values({ email: accountKey(input.email), address: input.address, at: now });
}

/** A successful sign-in (or password reset) forgives the account's failures. */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, accountKey(email)));
}
