import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, destroySession } from './sessions.ts';
import {
  accountKey,
  assertNotThrottled,
  clearLoginFailures,
  LOGIN_THROTTLE,
  recordLoginFailure,
} from './throttle.ts';
import { recordDeviceFailure, trustDevice, trustedDevice } from './trusted-devices.ts';

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user;
}

export interface SignInInput {
  email: string;
  password: string;
  /** the client address, for throttling */
  address: string;
  userAgent?: string;
  /** the session the browser held before, ended so the id changes at sign-in (no fixation) */
  previousSessionIdHash?: string;
  /** the device cookie, when the browser has one */
  deviceToken?: string;
}

export interface SignedIn {
  sessionId: string;
  /** the cookie value of a device that signed in to this account for the first time */
  newDeviceToken?: string;
}

/**
 * Checks the credentials (unknown address, no password yet, deactivated: all the same answer and
 * the same work) and opens a new session. A device that signed in to this account before is held
 * by its own failures only; any other by the account's and the address's (throttle.ts).
 */
export async function signIn(db: Db, input: SignInInput, now = new Date()): Promise<SignedIn> {
  const attempt = { email: input.email, address: input.address };
  const account = accountKey(input.email);
  const { windowMs } = LOGIN_THROTTLE;
  const device = await trustedDevice(db, { token: input.deviceToken, account, windowMs }, now);
  if (!device) await assertNotThrottled(db, attempt, now);
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid || !user.isActive) {
    if (device) await recordDeviceFailure(db, device, windowMs, now);
    else await recordLoginFailure(db, attempt, now);
    throw badRequest('non_field_errors', 'invalidCredentials');
  }
  return db.transaction(async (tx) => {
    if (input.previousSessionIdHash) await destroySession(tx, input.previousSessionIdHash);
    const sessionId = await createSession(tx, user.id, {
      userAgent: input.userAgent,
      address: input.address,
    });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await clearLoginFailures(tx, input.email);
    const newDeviceToken = await trustDevice(tx, { device, account, userId: user.id }, now);
    return { sessionId, newDeviceToken };
  });
}
