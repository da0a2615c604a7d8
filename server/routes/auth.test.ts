import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, loginFailures, sessions, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (table: typeof sessions | typeof loginFailures) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('login', () => {
  it('signs in, answers the same body as /users/me/ and records when', async () => {
    const unit = await createUnit(t.database.db);
    const { email, user } = await createPerson(t.database.db, {
      roles: [{ role: 'UNIT_ADMIN', unitId: unit.id }],
    });
    const client = t.client();
    const login = await client.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const me = await client.get('/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(login.json()).toEqual(me.json());
    expect(me.json()).toMatchObject({ id: user!.id, email, is_data_processing_accepted: true });
    expect(me.json().permissions).toContain('listUnit');
    expect(me.json().permissions).not.toContain('addUnit');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain HTTP', async () => {
    const { email } = await createPerson(t.database.db);
    const client = t.client();
    const login = await client.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    const cookie = login.cookies.find((c) => c.name === 'sessionid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
  });

  it('tells the web app a session exists with a readable hint, gone with the session', async () => {
    const { email } = await createPerson(t.database.db);
    const client = t.client();
    const login = await client.post('/api/auth/login/', { email, password: TEST_PASSWORD });
    const hint = login.cookies.find((c) => c.name === 'signed_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(hint!.httpOnly).toBeFalsy();

    // a session from before the hint gets it back with its next call
    client.cookies.delete('signed_in');
    await client.get('/api/users/me/');
    expect(client.cookies.get('signed_in')).toBe('1');

    await client.post('/api/auth/logout/');
    expect([...client.cookies.keys()]).not.toContain('signed_in');
    expect([...client.cookies.keys()]).not.toContain('sessionid');

    // an unknown session loses both cookies at its first call
    client.cookies.set('sessionid', 'forged');
    client.cookies.set('signed_in', '1');
    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    expect([...client.cookies.keys()]).not.toContain('signed_in');
    expect([...client.cookies.keys()]).not.toContain('sessionid');
  });

  it('accepts the address in any case and with surrounding spaces', async () => {
    const { email } = await createPerson(t.database.db);
    const response = await t
      .client()
      .post('/api/auth/login/', { email: `  ${email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown address and a login without password alike', async () => {
    const { email } = await createPerson(t.database.db);
    const { email: invited } = await createPerson(t.database.db, { user: { passwordHash: null } });
    const client = t.client();
    client.language = 'de';
    for (const attempt of [
      { email, password: 'wrong password' },
      { email: 'nobody@example.ch', password: TEST_PASSWORD },
      { email: invited, password: TEST_PASSWORD },
    ]) {
      const response = await client.post('/api/auth/login/', attempt, {
        'x-forwarded-for': '198.51.100.1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ['E-Mail-Adresse oder Passwort ist falsch'],
      });
    }
  });

  it('gives a new session id at sign-in: the one held before no longer works', async () => {
    const { email } = await createPerson(t.database.db);
    const { email: other } = await createPerson(t.database.db);
    const client = await t.client().login(email, TEST_PASSWORD);
    const before = client.cookies.get('sessionid')!;
    await client.login(other, TEST_PASSWORD);
    const after = client.cookies.get('sessionid')!;
    expect(after).not.toBe(before);
    expect((await client.get('/api/users/me/')).json().email).toBe(other);

    const replay = t.client();
    replay.cookies.set('sessionid', before);
    expect((await replay.get('/api/users/me/')).statusCode).toBe(401);
  });

  it('never adopts a session id planted before sign-in', async () => {
    const { email } = await createPerson(t.database.db);
    const client = t.client();
    client.cookies.set('sessionid', 'planted-by-an-attacker');
    await client.login(email, TEST_PASSWORD);
    expect(client.cookies.get('sessionid')).not.toBe('planted-by-an-attacker');
    const attacker = t.client();
    attacker.cookies.set('sessionid', 'planted-by-an-attacker');
    expect((await attacker.get('/api/users/me/')).statusCode).toBe(401);
  });

  it('refuses a deactivated user even with the right password', async () => {
    const { email } = await createPerson(t.database.db, { user: { isActive: false } });
    const response = await t
      .client()
      .post(
        '/api/auth/login/',
        { email, password: TEST_PASSWORD },
        { 'x-forwarded-for': '198.51.100.2' },
      );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ['Adresse e-mail ou mot de passe incorrect'],
    });
  });

  describe('bad input answers 400 with field messages and changes nothing', () => {
    const cases = [
      {
        body: { password: 'x' },
        fr: { email: ['Ce champ est obligatoire'] },
        de: { email: ['Dieses Feld ist erforderlich'] },
      },
      {
        body: { email: 42, password: ['x'] },
        fr: { email: ['Valeur invalide'], password: ['Valeur invalide'] },
        de: { email: ['Ungültiger Wert'], password: ['Ungültiger Wert'] },
      },
      {
        body: { email: `${'a'.repeat(250)}@example.ch`, password: 'p'.repeat(1025) },
        fr: {
          email: ['Vous devez saisir au maximum 254 caractères'],
          password: ['Vous devez saisir au maximum 1024 caractères'],
        },
        de: {
          email: ['Sie dürfen höchstens 254 Zeichen eingeben'],
          password: ['Sie dürfen höchstens 1024 Zeichen eingeben'],
        },
      },
    ];
    for (const [index, c] of cases.entries()) {
      for (const language of ['fr', 'de'] as const) {
        it(`case ${index + 1} in ${language}`, async () => {
          const [failures, open] = [await rows(loginFailures), await rows(sessions)];
          const client = t.client();
          client.language = language;
          const response = await client.post('/api/auth/login/', c.body);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual(c[language]);
          expect([await rows(loginFailures), await rows(sessions)]).toEqual([failures, open]);
        });
      }
    }
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const { email } = await createPerson(t.database.db);
    const client = await t.client().login(email, TEST_PASSWORD);
    const cookie = client.cookies.get('sessionid')!;
    const response = await client.post('/api/auth/logout/');
    expect(response.statusCode).toBe(204);
    expect(client.cookies.has('sessionid')).toBe(false);
    const replay = t.client();
    replay.cookies.set('sessionid', cookie);
    expect((await replay.get('/api/users/me/')).statusCode).toBe(401);
  });

  it('answers 204 when nobody is signed in', async () => {
    expect((await t.client().post('/api/auth/logout/')).statusCode).toBe(204);
  });
});

describe('/users/me/', () => {
  it('answers 401 with a localised message when signed out', async () => {
    const client = t.client();
    client.language = 'it';
    const response = await client.get('/api/users/me/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      detail: 'Non ha effettuato l’accesso',
    });
  });

  it('records the data-processing consent once, with an audit row', async () => {
    const { email, user } = await createPerson(t.database.db, {
      user: { dataProcessingAcceptedAt: null },
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    expect((await client.get('/api/users/me/')).json().is_data_processing_accepted).toBe(false);

    const accepted = await client.post('/api/users/me/accept-data-processing/');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: user!.id, is_data_processing_accepted: true });
    expect((await client.get('/api/users/me/')).json().is_data_processing_accepted).toBe(true);
    const acceptedAt = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user!.id)))[0]!
        .dataProcessingAcceptedAt;
    const first = await acceptedAt();
    expect(first).toBeInstanceOf(Date);

    expect((await client.post('/api/users/me/accept-data-processing/')).statusCode).toBe(200);
    expect(await acceptedAt()).toEqual(first);
    const audit = await t.database.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.action, 'accept_data_processing'));
    expect(audit.filter((a) => a.entityId === user!.id)).toHaveLength(1);
  });

  it('refuses the consent when signed out', async () => {
    expect((await t.client().post('/api/users/me/accept-data-processing/')).statusCode).toBe(401);
  });
});
