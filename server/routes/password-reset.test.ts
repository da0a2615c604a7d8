import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/one-time-tokens.ts';
import { auditTrail, oneTimeTokens, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

const ORIGIN = 'https://vet.example.ch';
const NEW_PASSWORD = 'Gletscher-Morgenrot-42';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN: ORIGIN });
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function requestReset(email: unknown, language = 'fr') {
  const client = t.client();
  client.language = language;
  return client.post('/api/auth/password-reset-request/', { email });
}

function reset(body: Record<string, unknown>, language = 'fr') {
  const client = t.client();
  client.language = language;
  return client.post('/api/auth/password-reset/', body);
}

/** The link of the last mail to `to`, split as the set-password page reads it. */
function linkIn(to: string) {
  const text = t.mail.last(to)?.text ?? '';
  const url = new URL(text.match(/https?:\/\/\S+/)![0]);
  return {
    url,
    user: Number(url.searchParams.get('user')),
    token: url.searchParams.get('token')!,
  };
}

const passwordHashOf = async (id: number) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!.passwordHash;
const tokenCount = async () => (await db().select({ n: count() }).from(oneTimeTokens))[0]!.n;

describe('password-reset-request', () => {
  it('answers the same for a known, an unknown and a deactivated address', async () => {
    const { email } = await createPerson(db());
    const { email: inactive } = await createPerson(db(), { user: { isActive: false } });
    const tokensBefore = await tokenCount();
    const answers = [];
    for (const address of [email, 'nobody@example.ch', inactive]) {
      const response = await requestReset(address);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(JSON.parse(answers[0]!.body).detail).toMatch(/^Si un compte actif utilise/);
    expect(t.mail.sent.filter((m) => m.to === email)).toHaveLength(1);
    expect(await tokenCount()).toBe(tokensBefore + 1);
    expect(t.mail.sent.some((m) => m.to === inactive || m.to === 'nobody@example.ch')).toBe(false);
  });

  it('mails a working link in the language of the user; the new password then signs in', async () => {
    const { email, user } = await createPerson(db(), { user: { language: 'de' } });
    const elsewhere = await t.client().login(email, TEST_PASSWORD);
    expect((await requestReset(email.toUpperCase(), 'it')).statusCode).toBe(200);

    const mail = t.mail.last(email)!;
    expect(mail.subject).toBe('Neues Passwort festlegen');
    expect(mail.text).toContain('Guten Tag');
    const link = linkIn(email);
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${ORIGIN}/de/set-password`);
    expect(link.user).toBe(user!.id);

    const done = await reset({ password: NEW_PASSWORD, token: link.token, user: link.user }, 'de');
    expect(done.statusCode).toBe(200);
    expect(done.json().detail).toBe(
      'Ihr Passwort wurde gespeichert. Sie können sich jetzt anmelden.',
    );
    expect((await elsewhere.get('/api/users/me/')).statusCode).toBe(401);
    await t.client().login(email, NEW_PASSWORD);
    const old = await t.client().post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(400);
    const audit = await db().select().from(auditTrail).where(eq(auditTrail.entityId, user!.id));
    expect(audit.map((a) => [a.action, a.newValue])).toContainEqual([
      'password_reset',
      { via: 'PASSWORD_RESET' },
    ]);
  });

  it('links French users without a language prefix', async () => {
    const { email } = await createPerson(db(), { user: { language: 'fr' } });
    await requestReset(email);
    expect(t.mail.last(email)!.subject).toBe('Choisir un nouveau mot de passe');
    expect(linkIn(email).url.pathname).toBe('/set-password');
  });

  it('rejects bad input with field messages and creates nothing', async () => {
    const before = [await tokenCount(), t.mail.sent.length];
    const cases: [unknown, string, Record<string, string[]>][] = [
      [undefined, 'fr', { email: ['Ce champ est obligatoire'] }],
      ['not-an-address', 'fr', { email: ['Veuillez saisir une adresse e-mail valide'] }],
      ['not-an-address', 'de', { email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein'] }],
      [12, 'de', { email: ['Ungültiger Wert'] }],
      [
        `${'a'.repeat(250)}@example.ch`,
        'de',
        { email: ['Sie dürfen höchstens 254 Zeichen eingeben'] },
      ],
    ];
    for (const [email, language, expected] of cases) {
      const response = await requestReset(email, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
    }
    expect([await tokenCount(), t.mail.sent.length]).toEqual(before);
  });
});

describe('password-reset', () => {
  it('uses a token once: the second use is refused', async () => {
    const { email } = await createPerson(db());
    await requestReset(email);
    const { token, user } = linkIn(email);
    expect((await reset({ password: NEW_PASSWORD, token, user })).statusCode).toBe(200);
    const again = await reset({ password: 'Andere-Bergluft-2026', token, user }, 'de');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      token: ['Dieser Link ist ungültig oder abgelaufen. Fordern Sie einen neuen an.'],
    });
    await t.client().login(email, NEW_PASSWORD);
  });

  it('refuses a reset token after one hour and accepts it before', async () => {
    const { user } = await createPerson(db());
    const now = Date.now();
    const stale = await issueToken(
      db(),
      { userId: user!.id, purpose: 'PASSWORD_RESET' },
      new Date(now - HOUR - 60_000),
    );
    const fresh = await issueToken(
      db(),
      { userId: user!.id, purpose: 'PASSWORD_RESET' },
      new Date(now - HOUR + 60_000),
    );
    const refused = await reset({ password: NEW_PASSWORD, token: stale, user: user!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      token: ['Ce lien est invalide ou a expiré. Demandez-en un nouveau.'],
    });
    expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
    expect((await reset({ password: NEW_PASSWORD, token: fresh, user: user!.id })).statusCode).toBe(
      200,
    );
  });

  it('accepts an invitation token for 14 days, to set a first password', async () => {
    const { email, user } = await createPerson(db(), { user: { passwordHash: null } });
    const now = Date.now();
    const stale = await issueToken(
      db(),
      { userId: user!.id, purpose: 'INVITATION' },
      new Date(now - 14 * DAY - 60_000),
    );
    const fresh = await issueToken(
      db(),
      { userId: user!.id, purpose: 'INVITATION' },
      new Date(now - 13 * DAY),
    );
    expect((await reset({ password: NEW_PASSWORD, token: stale, user: user!.id })).statusCode).toBe(
      400,
    );
    expect(await passwordHashOf(user!.id)).toBeNull();
    expect((await reset({ password: NEW_PASSWORD, token: fresh, user: user!.id })).statusCode).toBe(
      200,
    );
    await t.client().login(email, NEW_PASSWORD);
  });

  it("refuses another user's token, and a deactivated user's", async () => {
    const { user: owner } = await createPerson(db());
    const { user: other } = await createPerson(db());
    const token = await issueToken(db(), { userId: owner!.id, purpose: 'PASSWORD_RESET' });
    expect((await reset({ password: NEW_PASSWORD, token, user: other!.id })).statusCode).toBe(400);
    expect(await passwordHashOf(other!.id)).toBe(other!.passwordHash);
    await db().update(users).set({ isActive: false }).where(eq(users.id, owner!.id));
    expect((await reset({ password: NEW_PASSWORD, token, user: owner!.id })).statusCode).toBe(400);
    expect(await passwordHashOf(owner!.id)).toBe(owner!.passwordHash);
  });

  it('ends every session of the user', async () => {
    const { email, user } = await createPerson(db());
    const laptop = await t.client().login(email, TEST_PASSWORD);
    const phone = await t.client().login(email, TEST_PASSWORD);
    const token = await issueToken(db(), { userId: user!.id, purpose: 'PASSWORD_RESET' });
    expect((await reset({ password: NEW_PASSWORD, token, user: user!.id })).statusCode).toBe(200);
    expect((await laptop.get('/api/users/me/')).statusCode).toBe(401);
    expect((await phone.get('/api/users/me/')).statusCode).toBe(401);
  });

  it('makes older reset links useless once a password is set', async () => {
    const { email } = await createPerson(db());
    await requestReset(email);
    const first = linkIn(email);
    await requestReset(email);
    const second = linkIn(email);
    expect(
      (await reset({ password: NEW_PASSWORD, token: second.token, user: second.user })).statusCode,
    ).toBe(200);
    expect(
      (await reset({ password: 'Andere-Bergluft-2026', token: first.token, user: first.user }))
        .statusCode,
    ).toBe(400);
  });

  it('applies the password policy without using the token up', async () => {
    const { email, user } = await createPerson(db());
    const token = await issueToken(db(), { userId: user!.id, purpose: 'PASSWORD_RESET' });
    const cases: [string, string, string[]][] = [
      ['kurz-123', 'de', ['Sie müssen mindestens 12 Zeichen eingeben']],
      ['x'.repeat(129), 'fr', ['Vous devez saisir au maximum 128 caractères']],
      ['Password1234', 'fr', ['Ce mot de passe est trop courant. Choisissez-en un autre.']],
      ['passwort1234', 'de', ['Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.']],
      [email.toUpperCase(), 'de', ['Das Passwort darf nicht Ihre E-Mail-Adresse sein']],
    ];
    for (const [password, language, messages] of cases) {
      const response = await reset({ password, token, user: user!.id }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ password: messages });
    }
    expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
    expect((await reset({ password: NEW_PASSWORD, token, user: user!.id })).statusCode).toBe(200);
  });

  it('rejects bad input with field messages in the request language and changes nothing', async () => {
    const { user } = await createPerson(db());
    const token = await issueToken(db(), { userId: user!.id, purpose: 'PASSWORD_RESET' });
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [
        {},
        'fr',
        {
          password: ['Ce champ est obligatoire'],
          token: ['Ce champ est obligatoire'],
          user: ['Ce champ est obligatoire'],
        },
      ],
      [{ password: NEW_PASSWORD, token }, 'de', { user: ['Dieses Feld ist erforderlich'] }],
      [
        { password: 12, token: ['x'], user: 'abc' },
        'de',
        {
          password: ['Ungültiger Wert'],
          token: ['Ungültiger Wert'],
          user: ['Dieses Feld darf nur Zahlen enthalten'],
        },
      ],
      [
        { password: NEW_PASSWORD, token, user: 1.5 },
        'fr',
        { user: ['Ce champ ne peut contenir que des nombres entiers'] },
      ],
      [
        { password: 'p'.repeat(1025), token: 't'.repeat(201), user: user!.id },
        'fr',
        {
          password: ['Vous devez saisir au maximum 1024 caractères'],
          token: ['Vous devez saisir au maximum 200 caractères'],
        },
      ],
    ];
    for (const [body, language, expected] of cases) {
      const response = await reset(body, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
    }
    expect(await passwordHashOf(user!.id)).toBe(user!.passwordHash);
    const [row] = await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(row!.usedAt).toBeNull();
  });
});
