import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../auth/throttle.ts';
import { loginFailures } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** A fresh client address, so that tests do not share the per-address count. */
const newAddress = () => `203.0.113.${++addresses}`;

function attempt(email: string, password: string, address: string, language = 'fr') {
  const client = t.client();
  client.language = language;
  return client.post('/api/auth/login/', { email, password }, { 'x-forwarded-for': address });
}

/** Moves failures out of the window, as if its 15 minutes had passed. */
async function letWindowPass(where: ReturnType<typeof eq>) {
  await t.database.db
    .update(loginFailures)
    .set({
      at: sql`${loginFailures.at} - make_interval(secs => ${LOGIN_THROTTLE.windowMs / 1000 + 1})`,
    })
    .where(where);
}

describe('per account', () => {
  it(`refuses even the right password after ${LOGIN_THROTTLE.perAccount} failures, until the window has passed`, async () => {
    const { email } = await createPerson(t.database.db);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      expect((await attempt(email, 'wrong password', newAddress())).statusCode).toBe(400);

    const refused = await attempt(email, TEST_PASSWORD, newAddress(), 'de');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(840);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused.json()).toEqual({
      code: 'login_throttled',
      detail: 'Zu viele Anmeldeversuche. Versuchen Sie es in 15 Minute(n) erneut.',
    });

    await letWindowPass(eq(loginFailures.email, email));
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('counts the account whatever the case of the address typed', async () => {
    const { email } = await createPerson(t.database.db);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      await attempt(i % 2 ? email.toUpperCase() : email, 'wrong password', newAddress());
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(429);
  });

  it('does not hold back another account from the same address', async () => {
    const { email } = await createPerson(t.database.db);
    const { email: colleague } = await createPerson(t.database.db);
    const address = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      await attempt(email, 'wrong password', address);
    expect((await attempt(email, TEST_PASSWORD, address)).statusCode).toBe(429);
    expect((await attempt(colleague, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('forgets the failures of an account at its next successful sign-in', async () => {
    const { email } = await createPerson(t.database.db);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - 1; i++)
      await attempt(email, 'wrong password', newAddress());
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, email));
    expect(left).toEqual([]);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - 1; i++)
      await attempt(email, 'wrong password', newAddress());
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('throttles an unknown address like a known one (nothing to tell them apart)', async () => {
    const statuses = [];
    for (let i = 0; i <= LOGIN_THROTTLE.perAccount; i++)
      statuses.push((await attempt('ghost@example.ch', 'whatever', newAddress())).statusCode);
    expect(statuses).toEqual([...Array(LOGIN_THROTTLE.perAccount).fill(400), 429]);
  });
});

describe('per address', () => {
  it(`refuses every account from an address after ${LOGIN_THROTTLE.perAddress} failures`, async () => {
    const { email } = await createPerson(t.database.db);
    const address = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAddress; i++)
      expect((await attempt(`guess${i}@example.ch`, 'password', address)).statusCode).toBe(400);

    const refused = await attempt(email, TEST_PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^Trop de tentatives de connexion/);

    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    await letWindowPass(eq(loginFailures.address, address));
    expect((await attempt(email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });
});

it('never slows successful sign-ins, however many', async () => {
  const { email } = await createPerson(t.database.db);
  const address = newAddress();
  const statuses = [];
  for (let i = 0; i < LOGIN_THROTTLE.perAddress + 5; i++)
    statuses.push((await attempt(email, TEST_PASSWORD, address)).statusCode);
  expect(new Set(statuses)).toEqual(new Set([200]));
});
