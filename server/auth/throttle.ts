import { and, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Sign-in throttling: only FAILED attempts count, so a person who types the right password is
 * never slowed. Past a limit, every attempt (right password or not) answers 429 until enough
 * failures have left the window.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** failures per account (e-mail address as typed, lower-cased), known or not */
  perAccount: 5,
  /** failures per client address (request.ip, honouring X-Forwarded-For) */
  perAddress: 20,
} as const;

export const accountKey = (email: string) => email.trim().toLowerCase();

/** Seconds until fewer than `limit` failures remain in the window, or 0 when under the limit. */
async function waitFor(
  db: Queryable,
  column: typeof loginFailures.email | typeof loginFailures.address,
  value: string,
  limit: number,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.at, since)))
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
  const wait = Math.max(
    await waitFor(db, loginFailures.email, accountKey(input.email), LOGIN_THROTTLE.perAccount, now),
    await waitFor(db, loginFailures.address, input.address, LOGIN_THROTTLE.perAddress, now),
  );
  if (wait > 0)
    throw new AppError(429, 'loginThrottled', [Math.ceil(wait / 60)], {
      'retry-after': String(wait),
    });
}

/** Records a failed sign-in and drops this account's and address's failures that left the window. */
export async function recordLoginFailure(
  db: Queryable,
  input: { email: string; address: string },
  now = new Date(),
): Promise<void> {
  const email = accountKey(input.email);
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.at, since),
        or(eq(loginFailures.email, email), eq(loginFailures.address, input.address)),
      ),
    );
  await db.insert(loginFailures).values({ email, address: input.address, at: now });
}

/** A successful sign-in (or password reset) forgives the account's failures. */
export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, accountKey(email)));
}
