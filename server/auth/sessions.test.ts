import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';
import { actorOfSession, createSession, endSessionsOf } from './sessions.ts';
import { hashToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const minutes = (n: number) => n * 60_000;
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

/** Ages the session of a signed-in client by rewriting its timestamps. */
async function age(cookie: string, input: { idleMinutes: number; ageMinutes: number }) {
  await db()
    .update(sessions)
    .set({
      lastSeenAt: sql`now() - make_interval(mins => ${input.idleMinutes})`,
      createdAt: sql`now() - make_interval(mins => ${input.ageMinutes})`,
    })
    .where(eq(sessions.idHash, hashToken(cookie)));
}

describe('through the API', () => {
  it('ends a session idle for more than 2 hours', async () => {
    const { email } = await createPerson(db());
    const client = await t.client().login(email, TEST_PASSWORD);
    await age(client.cookies.get('sessionid')!, { idleMinutes: 119, ageMinutes: 119 });
    expect((await client.get('/api/users/me/')).statusCode).toBe(200);
    await age(client.cookies.get('sessionid')!, { idleMinutes: 121, ageMinutes: 121 });
    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('ends a session older than 12 hours even when in use', async () => {
    const { email } = await createPerson(db());
    const client = await t.client().login(email, TEST_PASSWORD);
    const cookie = client.cookies.get('sessionid')!;
    await age(cookie, { idleMinutes: 1, ageMinutes: 12 * 60 - 1 });
    expect((await client.get('/api/users/me/')).statusCode).toBe(200);
    await age(cookie, { idleMinutes: 1, ageMinutes: 12 * 60 + 1 });
    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    const left = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(cookie)));
    expect(left).toEqual([]);
  });

  it('ends the open sessions of a user who is deactivated', async () => {
    const { email, user } = await createPerson(db());
    const client = await t.client().login(email, TEST_PASSWORD);
    await db().update(users).set({ isActive: false }).where(eq(users.id, user!.id));
    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    const response = await t.client().post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
  });
});

describe('in the database', () => {
  it('keeps only the SHA-256 of the cookie, the same from one release to the next', async () => {
    const { email } = await createPerson(db());
    const client = await t.client().login(email, TEST_PASSWORD);
    const cookie = client.cookies.get('sessionid')!;
    const stored = await db().select({ idHash: sessions.idHash }).from(sessions);
    const sha256 = createHash('sha256').update(cookie).digest('hex');
    expect(stored.map((row) => row.idHash)).toContain(sha256);
    expect(stored.map((row) => row.idHash)).not.toContain(cookie);
  });
});

describe('with an injected clock', () => {
  it('restarts the idle clock at each use, within the absolute limit', async () => {
    const { user } = await createPerson(db());
    const id = await createSession(db(), user!.id);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(id)));
    const start = row!.createdAt;
    // used every 110 minutes: never idle 2 hours, but over after 12 hours
    for (let step = 1; step * 110 <= 12 * 60; step++)
      expect(
        await actorOfSession(db(), t.config, id, at(start, minutes(step * 110))),
      ).not.toBeNull();
    expect(await actorOfSession(db(), t.config, id, at(start, minutes(12 * 60 + 1)))).toBeNull();
  });

  it('follows SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', async () => {
    const { user } = await createPerson(db());
    const config = { ...t.config, SESSION_IDLE_MINUTES: 5, SESSION_MAX_HOURS: 1 };
    const id = await createSession(db(), user!.id);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(id)));
    expect(await actorOfSession(db(), config, id, at(row!.createdAt, minutes(4)))).not.toBeNull();
    expect(await actorOfSession(db(), config, id, at(row!.createdAt, minutes(10)))).toBeNull();
  });
});

it('endSessionsOf ends every session of that user and no other', async () => {
  const { email, user } = await createPerson(db());
  const { email: otherEmail } = await createPerson(db());
  const laptop = await t.client().login(email, TEST_PASSWORD);
  const phone = await t.client().login(email, TEST_PASSWORD);
  const other = await t.client().login(otherEmail, TEST_PASSWORD);
  await endSessionsOf(db(), user!.id);
  expect((await laptop.get('/api/users/me/')).statusCode).toBe(401);
  expect((await phone.get('/api/users/me/')).statusCode).toBe(401);
  expect((await other.get('/api/users/me/')).statusCode).toBe(200);
});
