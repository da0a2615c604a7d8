import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/constants.ts';
import { auditTrail, recoveryCodes, secondFactors, sessions } from '../db/schema/index.ts';
import { totpCode, totpStepAt } from '../auth/totp.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';
import { signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
let unitId: number;
beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function personWith(role: Role, language: 'fr' | 'de' | 'it' = 'fr') {
  return createPerson(db(), {
    roles: [{ role, unitId: role === 'ADMIN' ? null : unitId }],
    user: { language },
  });
}

/** Signs in with the password alone, as the first step of a sign-in; answers `/me/`'s state. */
async function passwordStep(email: string) {
  const client = t.client();
  const answer = await client.post('/api/auth/login/', { email, password: TEST_PASSWORD });
  expect(answer.statusCode).toBe(200);
  return { client, state: answer.json().second_factor as string };
}

const nowCode = (secret: string) => totpCode(secret, totpStepAt(new Date()));

/** Sets up an authenticator app in the client's session; answers its secret and recovery codes. */
async function setUpApp(client: ApiClient) {
  const started = await client.post('/api/users/me/second-factors/totp/');
  expect(started.statusCode).toBe(200);
  const { secret, uri, qr_svg } = started.json();
  expect(uri).toContain(`secret=${secret}`);
  expect(qr_svg).toContain('<svg');
  const confirmed = await client.post('/api/users/me/second-factors/totp/confirm/', {
    code: nowCode(secret),
    label: 'Téléphone',
  });
  expect(confirmed.statusCode).toBe(201);
  return { secret: secret as string, codes: confirmed.json().recovery_codes as string[] };
}

/** Calls only a person who passed the second factor may make. */
const PLATFORM_CALLS: [string, string][] = [
  ['GET', '/api/units/'],
  ['GET', '/api/profiles/'],
  ['GET', '/api/assessments/'],
  ['GET', '/api/users/me/sessions/'],
  ['POST', '/api/users/me/accept-data-processing/'],
  ['POST', '/api/auth/password-change/'],
];

async function expectHeldAtSecondFactor(client: ApiClient) {
  for (const [method, url] of PLATFORM_CALLS) {
    const answer = await client.request(method as 'GET', url, method === 'POST' ? {} : undefined);
    expect(answer.statusCode, `${method} ${url}`).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'second_factor_required' });
  }
}

describe('a second factor required for ADMIN and UNIT_ADMIN', () => {
  it('holds a staff session without one at setting one up: no other call goes through', async () => {
    for (const role of ['ADMIN', 'UNIT_ADMIN'] as const) {
      const person = await personWith(role);
      const { client, state } = await passwordStep(person.email);
      expect(state).toBe('SETUP_REQUIRED');
      expect((await client.get('/api/users/me/')).json().second_factor).toBe('SETUP_REQUIRED');
      await expectHeldAtSecondFactor(client);
      expect((await client.get('/api/users/me/second-factors/')).json()).toMatchObject({
        factors: [],
        required: true,
      });
    }
  });

  it('asks nothing of the other roles, who may add one from the personal area', async () => {
    const person = await personWith('INSTRUCTOR');
    const { client, state } = await passwordStep(person.email);
    expect(state).toBe('NONE');
    expect((await client.get('/api/users/me/sessions/')).statusCode).toBe(200);
    expect((await client.get('/api/users/me/second-factors/')).json().required).toBe(false);
  });

  it('lets the platform in once an app is set up, with ten recovery codes shown once', async () => {
    const person = await personWith('UNIT_ADMIN');
    const { client } = await passwordStep(person.email);
    const { codes } = await setUpApp(client);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await client.get('/api/users/me/')).json().second_factor).toBe('VERIFIED');
    expect((await client.get('/api/units/')).statusCode).toBe(200);
    const listed = (await client.get('/api/users/me/second-factors/')).json();
    expect(listed).toMatchObject({
      factors: [{ kind: 'TOTP', label: 'Téléphone' }],
      recovery_codes_left: 10,
    });
    expect(JSON.stringify(listed)).not.toMatch(/secret/i);
    const [audit] = await db()
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.action, 'add_second_factor'))
      .orderBy(auditTrail.id);
    expect(audit).toBeDefined();
  });

  it('refuses a wrong first code of a new app, and keeps the app unsaved', async () => {
    const person = await personWith('ADMIN');
    const { client } = await passwordStep(person.email);
    const { secret } = (await client.post('/api/users/me/second-factors/totp/')).json();
    const wrong = String((Number(nowCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.post('/api/users/me/second-factors/totp/confirm/', {
      code: wrong,
      label: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code[0]).toMatch(/incorrect/);
    const saved = await db()
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, person.user!.id));
    expect(saved).toHaveLength(0);
  });
});

describe('signing in with a second factor', () => {
  async function enrolled(role: Role = 'ADMIN') {
    const person = await personWith(role);
    const { client } = await passwordStep(person.email);
    return { person, ...(await setUpApp(client)) };
  }

  it('holds the password step until the app’s code, which works once', async () => {
    const { person, secret } = await enrolled();
    const first = await passwordStep(person.email);
    expect(first.state).toBe('PENDING');
    await expectHeldAtSecondFactor(first.client);
    // the set-up spent the code of now: the app's next one is accepted too (a clock a step ahead)
    const code = totpCode(secret, totpStepAt(new Date()) + 1);
    expect((await first.client.post('/api/auth/second-factor/', { code })).statusCode).toBe(204);
    expect((await first.client.get('/api/units/')).statusCode).toBe(200);

    const second = await passwordStep(person.email);
    const replay = await second.client.post('/api/auth/second-factor/', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: ['Ce code est incorrect ou a déjà été utilisé.'] });
    expect((await second.client.get('/api/units/')).statusCode).toBe(403);
  });

  it('takes each recovery code once, whatever its case and dashes', async () => {
    const { person, codes } = await enrolled();
    const first = await passwordStep(person.email);
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    expect((await first.client.post('/api/auth/second-factor/', { code: typed })).statusCode).toBe(
      204,
    );
    const second = await passwordStep(person.email);
    const again = await second.client.post('/api/auth/second-factor/', { code: codes[0] });
    expect(again.statusCode).toBe(400);
    const listed = (await first.client.get('/api/users/me/second-factors/')).json();
    expect(listed.recovery_codes_left).toBe(9);
    const audits = await db()
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.action, 'use_recovery_code'));
    expect(audits.some((a) => a.entityId === person.user!.id)).toBe(true);
  });

  it('throttles wrong codes like failed sign-ins', async () => {
    const { person, secret } = await enrolled();
    const { client } = await passwordStep(person.email);
    for (let i = 0; i < 5; i++)
      expect(
        (await client.post('/api/auth/second-factor/', { code: 'zzzzz-zzzzz' })).statusCode,
      ).toBe(400);
    const held = await client.post('/api/auth/second-factor/', { code: nowCode(secret) });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });

  it('lets no one mid-sign-in add a factor of their own or renew the codes', async () => {
    const { person } = await enrolled();
    const { client } = await passwordStep(person.email);
    for (const url of [
      '/api/users/me/second-factors/totp/',
      '/api/users/me/second-factors/passkey/options/',
      '/api/users/me/recovery-codes/',
    ]) {
      const refused = await client.post(url);
      expect(refused.statusCode, url).toBe(403);
    }
    const factors = await db()
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, person.user!.id));
    expect(factors).toHaveLength(1);
  });

  it('renews the recovery codes as a whole: the old ones stop working', async () => {
    const { person, codes } = await enrolled('INSTRUCTOR');
    const first = await passwordStep(person.email);
    expect(first.state).toBe('PENDING');
    await first.client.post('/api/auth/second-factor/', { code: codes[1] });
    const renewed = (await first.client.post('/api/users/me/recovery-codes/')).json();
    expect(renewed.recovery_codes).toHaveLength(10);
    const second = await passwordStep(person.email);
    expect(
      (await second.client.post('/api/auth/second-factor/', { code: codes[2] })).statusCode,
    ).toBe(400);
    expect(
      (await second.client.post('/api/auth/second-factor/', { code: renewed.recovery_codes[0] }))
        .statusCode,
    ).toBe(204);
  });

  it('keeps the last factor of a role that requires one; others may remove theirs', async () => {
    const admin = await enrolled('UNIT_ADMIN');
    const adminSession = await passwordStep(admin.person.email);
    await adminSession.client.post('/api/auth/second-factor/', { code: admin.codes[0] });
    const [adminFactor] = (await adminSession.client.get('/api/users/me/second-factors/')).json()
      .factors;
    const kept = await adminSession.client.delete(
      `/api/users/me/second-factors/${adminFactor.id}/`,
    );
    expect(kept.statusCode).toBe(409);

    const instructor = await enrolled('INSTRUCTOR');
    const session = await passwordStep(instructor.person.email);
    await session.client.post('/api/auth/second-factor/', { code: instructor.codes[0] });
    const [factor] = (await session.client.get('/api/users/me/second-factors/')).json().factors;
    expect(
      (await session.client.delete(`/api/users/me/second-factors/${factor.id}/`)).statusCode,
    ).toBe(204);
    const left = await db()
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, instructor.person.user!.id));
    expect(left).toHaveLength(0);
    expect((await passwordStep(instructor.person.email)).state).toBe('NONE');
  });
});

describe('POST /api/profiles/{id}/second-factor-reset/', () => {
  it('lets an admin remove a person’s factors: sessions ended, audited, mailed in their language', async () => {
    const person = await personWith('UNIT_ADMIN', 'de');
    const { client } = await passwordStep(person.email);
    await setUpApp(client);
    const { client: admin } = await signedInAs(t, 'ADMIN', unitId);
    const reset = await admin.post(`/api/profiles/${person.profile.id}/second-factor-reset/`);
    expect(reset.statusCode).toBe(204);

    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    const userId = person.user!.id;
    expect(await db().select().from(secondFactors).where(eq(secondFactors.userId, userId))).toEqual(
      [],
    );
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual(
      [],
    );
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    const mail = t.mail.last(person.email)!;
    expect(mail.subject).toBe('Ihr zweiter Anmeldefaktor wurde zurückgesetzt');
    const audits = await db()
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.action, 'reset_second_factor'));
    expect(audits.at(-1)).toMatchObject({ entityId: userId, oldValue: { factors: ['TOTP'] } });
    expect((await passwordStep(person.email)).state).toBe('SETUP_REQUIRED');
  });

  it('is refused to every other role, changing nothing', async () => {
    const person = await personWith('INSTRUCTOR');
    const { client } = await passwordStep(person.email);
    await setUpApp(client);
    for (const role of ['UNIT_ADMIN', 'COURSE_MANAGER', 'INSTRUCTOR', 'STUDENT'] as const) {
      const { client: other } = await signedInAs(t, role, unitId);
      const refused = await other.post(`/api/profiles/${person.profile.id}/second-factor-reset/`);
      expect([403, 404], role).toContain(refused.statusCode);
    }
    const factors = await db()
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, person.user!.id));
    expect(factors).toHaveLength(1);
    expect((await client.get('/api/users/me/sessions/')).statusCode).toBe(200);
  });
});

describe('every route of the API', () => {
  /** what a session whose factor is awaited may still call: itself, the factor, signing out */
  const OPEN_BEFORE_FACTOR = new Set([
    'GET /api/users/me/',
    'GET /api/users/me/second-factors/',
    'POST /api/users/me/second-factors/totp/',
    'POST /api/users/me/second-factors/totp/confirm/',
    'POST /api/users/me/second-factors/passkey/options/',
    'POST /api/users/me/second-factors/passkey/',
    'POST /api/auth/second-factor/',
    'POST /api/auth/second-factor/passkey/options/',
    'POST /api/auth/second-factor/passkey/',
  ]);

  it('refuses a staff session without its second factor everywhere else (403 second_factor_required)', async () => {
    const person = await personWith('ADMIN');
    const { client } = await passwordStep(person.email);
    const document = (await client.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const reached: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const call = `${method} ${path}`;
        // signing out is open to anyone, and would end the session this test goes on with
        if (call === 'POST /api/auth/logout/') continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const answer = await client.request(
          method as 'GET',
          url,
          method === 'GET' ? undefined : {},
        );
        if (answer.statusCode === 403 && answer.json().code === 'second_factor_required') continue;
        reached.push(call);
      }
    }
    const publicCalls = reached.filter((call) => !OPEN_BEFORE_FACTOR.has(call));
    // what is left answers anyone, signed in or not (sign-in, links, version, health)
    for (const call of publicCalls) {
      const [method, path] = call.split(' ');
      const anonymous = await t
        .client()
        .request(
          method as 'GET',
          path!.replace(/\{[^}]+\}/g, '1'),
          method === 'GET' ? undefined : {},
        );
      expect(anonymous.statusCode, call).not.toBe(401);
    }
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    expect(reached.filter((call) => OPEN_BEFORE_FACTOR.has(call))).toHaveLength(
      OPEN_BEFORE_FACTOR.size,
    );
  });
});
