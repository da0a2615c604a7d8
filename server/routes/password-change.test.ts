import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../auth/throttle.ts';
import { auditTrail, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

const NEW_PASSWORD = 'Gletscher-Morgenrot-42';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const passwordHashOf = async (id: number) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

it('changes the password, keeps this session and ends the others', async () => {
  const { email, user } = await createPerson(db());
  const here = await t.client().login(email, TEST_PASSWORD);
  const elsewhere = await t.client().login(email, TEST_PASSWORD);
  const { user: colleague, email: colleagueEmail } = await createPerson(db());
  const colleagueClient = await t.client().login(colleagueEmail, TEST_PASSWORD);

  const response = await here.post('/api/auth/password-change/', {
    current_password: TEST_PASSWORD,
    new_password: NEW_PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ detail: 'Votre mot de passe a été modifié.' });
  expect((await here.get('/api/users/me/')).statusCode).toBe(200);
  expect((await elsewhere.get('/api/users/me/')).statusCode).toBe(401);
  expect((await colleagueClient.get('/api/users/me/')).json().id).toBe(colleague!.id);

  await t.client().login(email, NEW_PASSWORD);
  const old = await t.client().post('/api/auth/login/', { email, password: TEST_PASSWORD });
  expect(old.statusCode).toBe(400);
  const audit = await db().select().from(auditTrail).where(eq(auditTrail.entityId, user!.id));
  expect(audit.map((a) => [a.action, a.actorUserId])).toContainEqual(['password_change', user!.id]);
});

it('refuses a wrong current password and a weak new one, in the request language', async () => {
  const { email, user } = await createPerson(db());
  const client = await t.client().login(email, TEST_PASSWORD);
  client.language = 'de';
  const wrong = await client.post('/api/auth/password-change/', {
    current_password: 'not my password',
    new_password: NEW_PASSWORD,
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toEqual({ current_password: ['Das aktuelle Passwort ist falsch'] });

  client.language = 'fr';
  const weak = await client.post('/api/auth/password-change/', {
    current_password: TEST_PASSWORD,
    new_password: 'motdepasse123',
  });
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toEqual({
    new_password: ['Ce mot de passe est trop courant. Choisissez-en un autre.'],
  });
  const both = await client.post('/api/auth/password-change/', {
    current_password: 'not my password',
    new_password: email,
  });
  expect(both.json()).toEqual({
    current_password: ['Le mot de passe actuel est incorrect'],
    new_password: ['Le mot de passe ne peut pas être votre adresse e-mail'],
  });
  expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
});

it('rejects missing, mistyped and too long fields and changes nothing', async () => {
  const { email, user } = await createPerson(db());
  const client = await t.client().login(email, TEST_PASSWORD);
  const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
    [
      {},
      'fr',
      {
        current_password: ['Ce champ est obligatoire'],
        new_password: ['Ce champ est obligatoire'],
      },
    ],
    [{ current_password: TEST_PASSWORD }, 'de', { new_password: ['Dieses Feld ist erforderlich'] }],
    [
      { current_password: true, new_password: 123456789012 },
      'de',
      { current_password: ['Ungültiger Wert'], new_password: ['Ungültiger Wert'] },
    ],
    [
      { current_password: TEST_PASSWORD, new_password: 'x'.repeat(129) },
      'fr',
      { new_password: ['Vous devez saisir au maximum 128 caractères'] },
    ],
    [
      { current_password: 'x'.repeat(1025), new_password: NEW_PASSWORD },
      'de',
      { current_password: ['Sie dürfen höchstens 1024 Zeichen eingeben'] },
    ],
  ];
  for (const [body, language, expected] of cases) {
    client.language = language;
    const response = await client.post('/api/auth/password-change/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  }
  expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
});

it('answers 401 when signed out, before looking at the body', async () => {
  const response = await t.client().post('/api/auth/password-change/', {});
  expect(response.statusCode).toBe(401);
});

it('counts wrong current passwords as failed sign-ins', async () => {
  const { email, user } = await createPerson(db());
  const client = await t.client().login(email, TEST_PASSWORD);
  const change = (current_password: string) =>
    client.post('/api/auth/password-change/', { current_password, new_password: NEW_PASSWORD });
  for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
    expect((await change(`guess number ${i}`)).statusCode).toBe(400);
  const refused = await change(TEST_PASSWORD);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
});
