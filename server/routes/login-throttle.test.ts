import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../auth/throttle.ts';
import { DEVICE_FAILURE_LIMIT } from '../auth/trusted-devices.ts';
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
      detail: 'Zu viele Anmeldeversuche. Versuchen Sie es in 15 Minuten erneut.',
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

describe('one address for a whole school', () => {
  it('is not locked by failures on other accounts', async () => {
    const { email } = await createPerson(t.database.db);
    const school = newAddress();
    for (let i = 0; i < LOGIN_THROTTLE.perAddressAndAccount + 5; i++)
      expect((await attempt(`pupil${i}@example.ch`, 'typo', school)).statusCode).toBe(400);
    expect((await attempt(email, TEST_PASSWORD, school)).statusCode).toBe(200);
  });
});

describe('a device that signed in before (device cookie)', () => {
  /** A browser that signs in once, keeps its cookies (the device cookie among them), signs out. */
  async function ownersBrowser(email: string) {
    const browser = t.client();
    const first = await browser.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/' });
    await browser.post('/api/auth/logout/');
    return browser;
  }
  const strangersFail = async (email: string) => {
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      expect((await attempt(email, 'guess', newAddress())).statusCode).toBe(400);
  };

  it('keeps its owner able to sign in while strangers have locked the account', async () => {
    const { email } = await createPerson(t.database.db);
    const owner = await ownersBrowser(email);
    await strangersFail(email);
    expect((await attempt(email, TEST_PASSWORD, newAddress())).statusCode).toBe(429);
    const signIn = await owner.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('lets its owner mistype without locking the account for them', async () => {
    const { email } = await createPerson(t.database.db);
    const owner = await ownersBrowser(email);
    await strangersFail(email);
    for (let i = 0; i < 3; i++)
      expect((await owner.post('/api/auth/login/', { email, password: 'typo' })).statusCode).toBe(
        400,
      );
    expect(
      (await owner.post('/api/auth/login/', { email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('is trusted no more once it fails too often, as a stolen cookie would', async () => {
    const { email } = await createPerson(t.database.db);
    const stolen = await ownersBrowser(email);
    await strangersFail(email);
    for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++)
      expect(
        (await stolen.post('/api/auth/login/', { email, password: `guess${i}` })).statusCode,
      ).toBe(400);
    const after = await stolen.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(after.statusCode).toBe(429);
  });

  it('counts only for the account it signed in to', async () => {
    const { email } = await createPerson(t.database.db);
    const { email: other } = await createPerson(t.database.db);
    const browser = await ownersBrowser(email);
    await strangersFail(other);
    expect(
      (await browser.post('/api/auth/login/', { email: other, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(429);
  });
});

it('never slows successful sign-ins, however many', async () => {
  const { email } = await createPerson(t.database.db);
  const address = newAddress();
  const statuses = [];
  for (let i = 0; i < LOGIN_THROTTLE.perAddressAndAccount + 5; i++)
    statuses.push((await attempt(email, TEST_PASSWORD, address)).statusCode);
  expect(new Set(statuses)).toEqual(new Set([200]));
});
