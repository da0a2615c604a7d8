import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, sessions } from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Listed {
  id: string;
  current: boolean;
  device: { browser: string | null; system: string | null };
  network: string | null;
  last_seen_at: string;
}

/** One person signed in on a phone and a laptop, and someone else. */
async function twoDevices() {
  const person = await createPerson(t.database.db, { roles: [{ role: 'STUDENT', unitId: null }] });
  const signedIn = async (userAgent: string) => {
    const client = t.client();
    const answer = await client.post(
      '/api/auth/login/',
      { email: person.email, password: TEST_PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(answer.statusCode).toBe(200);
    return client;
  };
  const phone = await signedIn(PHONE);
  const laptop = await signedIn(LAPTOP);
  const stranger = await t.client().login((await createPerson(t.database.db)).email, TEST_PASSWORD);
  return { person, phone, laptop, stranger };
}

const listOf = async (client: ApiClient) => {
  const response = await client.get('/api/users/me/sessions/');
  expect(response.statusCode).toBe(200);
  return response.json() as Listed[];
};

describe('/api/users/me/sessions/', () => {
  it('lists the person’s own sessions, the current first, with device and network only', async () => {
    const { phone, laptop, stranger } = await twoDevices();
    const listed = await listOf(phone);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      current: true,
      device: { browser: 'Chrome', system: 'Android' },
      network: phone.address.replace(/\.\d+$/, '.0/24'),
    });
    expect(listed[1]).toMatchObject({
      current: false,
      device: { browser: 'Firefox', system: 'macOS' },
      network: laptop.address.replace(/\.\d+$/, '.0/24'),
    });
    expect(JSON.stringify(listed)).not.toContain(phone.address);
    expect(JSON.stringify(listed)).not.toContain(phone.cookies.get('sessionid'));
    expect(await listOf(stranger)).toHaveLength(1);
    expect((await t.client().get('/api/users/me/sessions/')).statusCode).toBe(401);
  });

  it('ends another session of one’s own, which then signs that device out', async () => {
    const { person, phone, laptop, stranger } = await twoDevices();
    const [, other] = await listOf(phone);
    const byStranger = await stranger.delete(`/api/users/me/sessions/${other!.id}/`);
    expect(byStranger.statusCode).toBe(404);
    expect((await laptop.get('/api/users/me/')).statusCode).toBe(200);

    const ended = await phone.delete(`/api/users/me/sessions/${other!.id}/`);
    expect(ended.statusCode).toBe(204);
    expect((await laptop.get('/api/users/me/')).statusCode).toBe(401);
    expect((await phone.get('/api/users/me/')).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.actorUserId, person.user!.id));
    expect(audit.map((row) => row.action)).toContain('end_session');
  });

  it('refuses to end the current session this way, with the reason', async () => {
    const { phone } = await twoDevices();
    const [current] = await listOf(phone);
    const refused = await phone.delete(`/api/users/me/sessions/${current!.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().session).toEqual([
      'Cette session est celle que vous utilisez : déconnectez-vous pour la terminer.',
    ]);
    expect((await phone.get('/api/users/me/')).statusCode).toBe(200);
  });

  it('ends all other sessions and keeps the current one', async () => {
    const { person, phone, laptop } = await twoDevices();
    const third = await t.client().login(person.email, TEST_PASSWORD);
    const ended = await laptop.post('/api/users/me/sessions/end_others/');
    expect(ended.statusCode).toBe(204);
    expect((await phone.get('/api/users/me/')).statusCode).toBe(401);
    expect((await third.get('/api/users/me/')).statusCode).toBe(401);
    expect(await listOf(laptop)).toMatchObject([{ current: true }]);
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, person.user!.id));
    expect(left).toHaveLength(1);
  });
});
