import { and, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { trustedDevices } from '../db/schema/index.ts';
import { hashToken, randomToken } from './tokens.ts';

/** The cookie of a device that signed in before; sent to the sign-in route only. */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_PATH = '/api/auth/';
export const DEVICE_LIFETIME_MS = 365 * 86_400_000;

/** Failed sign-ins a trusted device may make in one window before it is trusted no more. */
export const DEVICE_FAILURE_LIMIT = 5;

type DeviceRow = typeof trustedDevices.$inferSelect;

/**
 * The device behind a cookie, when it signed in to this account before and has not failed too
 * often in the window; undefined otherwise (an unknown device, or one another account's cookie).
 */
export async function trustedDevice(
  db: Queryable,
  input: { token: string | undefined; account: string; windowMs: number },
  now: Date,
): Promise<DeviceRow | undefined> {
  if (!input.token) return undefined;
  const [device] = await db
    .select()
    .from(trustedDevices)
    .where(eq(trustedDevices.tokenHash, hashToken(input.token)));
  if (!device || device.account !== input.account) return undefined;
  if (device.lastUsedAt.getTime() < now.getTime() - DEVICE_LIFETIME_MS) return undefined;
  const inWindow = failuresInWindow(device, input.windowMs, now);
  return inWindow >= DEVICE_FAILURE_LIMIT ? undefined : device;
}

function failuresInWindow(device: DeviceRow, windowMs: number, now: Date): number {
  const since = device.failuresSince?.getTime() ?? 0;
  return since > now.getTime() - windowMs ? device.failures : 0;
}

/** A failed sign-in from a trusted device: counted against that device alone. */
export async function recordDeviceFailure(
  db: Queryable,
  device: DeviceRow,
  windowMs: number,
  now: Date,
): Promise<void> {
  const fresh = failuresInWindow(device, windowMs, now) === 0;
  await db
    .update(trustedDevices)
    .set(fresh ? { failures: 1, failuresSince: now } : { failures: device.failures + 1 })
    .where(eq(trustedDevices.id, device.id));
}

/**
 * After a successful sign-in: the device is trusted for this account from now on. Answers the
 * cookie value of a new device, or undefined when the device was already trusted.
 */
export async function trustDevice(
  db: Queryable,
  input: { device: DeviceRow | undefined; account: string; userId: number },
  now: Date,
): Promise<string | undefined> {
  if (input.device) {
    await db
      .update(trustedDevices)
      .set({ lastUsedAt: now, failures: 0, failuresSince: null })
      .where(eq(trustedDevices.id, input.device.id));
    return undefined;
  }
  const token = randomToken();
  await db.insert(trustedDevices).values({
    tokenHash: hashToken(token),
    account: input.account,
    userId: input.userId,
    createdAt: now,
    lastUsedAt: now,
  });
  await db
    .delete(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, input.userId),
        lt(trustedDevices.lastUsedAt, new Date(now.getTime() - DEVICE_LIFETIME_MS)),
      ),
    );
  return token;
}
