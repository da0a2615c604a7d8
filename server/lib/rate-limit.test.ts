import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';
import { RATE_LIMITS } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('password-reset requests', () => {
  it('send at most a handful of mails for one address, however many are asked for', async () => {
    const { email } = await createPerson(t.database.db);
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await client.post('/api/auth/password-reset-request/', { email })).statusCode);

    const perAccount = RATE_LIMITS.passwordReset.perAccount;
    expect(t.mail.sent.filter((m) => m.to === email)).toHaveLength(perAccount);
    expect(statuses).toEqual([...Array(perAccount).fill(200), ...Array(20 - perAccount).fill(429)]);
    const refused = await client.post('/api/auth/password-reset-request/', { email });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('too_many_requests');
  });

  it('answer an unknown address exactly as a known one', async () => {
    const { email } = await createPerson(t.database.db);
    const ask = async (address: string) => {
      const client = t.client();
      const answers = [];
      for (let i = 0; i <= RATE_LIMITS.passwordReset.perAccount; i++) {
        const response = await client.post('/api/auth/password-reset-request/', { email: address });
        // the wait it tells is counted in whole seconds: two runs may fall a second apart
        answers.push([response.statusCode, response.body.replace(/\d+/g, 'N')]);
      }
      return answers;
    };
    expect(await ask('nobody.known@example.ch')).toEqual(await ask(email));
  });

  it('are limited per client address across addresses typed', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.passwordReset.perAddress; i++) {
      const response = await client.post('/api/auth/password-reset-request/', {
        email: `spray${i}@example.ch`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });
});

describe('imports and exports', () => {
  it('refuse an import past the account’s limit, and import nothing', async () => {
    const unit = await createUnit(t.database.db);
    const { email } = await createPerson(t.database.db, {
      roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    const dryRun = () =>
      client.post('/api/profiles/import/', {
        unit: unit.id,
        role: 'STUDENT',
        dry_run: true,
        rows: [{ first_name: 'Ada', last_name: 'Muster' }],
      });
    for (let i = 0; i < RATE_LIMITS.import.perAccount; i++)
      expect((await dryRun()).statusCode).toBe(200);
    expect((await dryRun()).statusCode).toBe(429);
  });

  it('refuse an export past the account’s limit', async () => {
    const { email, profile } = await createPerson(t.database.db, {
      roles: [{ role: 'ADMIN', unitId: null }],
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    const me = (await client.get('/api/users/me/')).json();
    const { perAccount, windowMs } = RATE_LIMITS.export;
    // the account has used up its window: the counter as many downloads would have left it
    await t.database.db.insert(rateLimitCounters).values({
      key: `export:user:${me.id}`,
      windowStart: new Date(Math.floor(Date.now() / windowMs) * windowMs),
      count: perAccount,
    });
    for (const format of ['pdf', 'xlsx']) {
      const refused = await client.get(`/api/profiles/${profile.id}/grade-summary/${format}/`);
      expect(refused.statusCode, format).toBe(429);
    }
    expect((await client.get('/api/assessments/1/pdf/')).statusCode).toBe(429);
  });

  it('count each of many simultaneous downloads once, against the address and the account', async () => {
    const { email } = await createPerson(t.database.db, {
      roles: [{ role: 'ADMIN', unitId: null }],
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    const me = (await client.get('/api/users/me/')).json();
    const counted = async () => {
      const rows = await t.database.db.select().from(rateLimitCounters);
      const sum = (key: (k: string) => boolean) =>
        rows.filter((row) => key(row.key)).reduce((total, row) => total + row.count, 0);
      return {
        address: sum((key) => key.startsWith('export:ip:')),
        account: sum((key) => key === `export:user:${me.id}`),
      };
    };
    const before = await counted();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => client.get('/api/assessments/999999/pdf/')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(404));
    const after = await counted();
    expect(after.address - before.address).toBe(12);
    expect(after.account - before.account).toBe(12);
  });
});
