import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditTrail, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';
import { signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_ORIGIN: 'https://vet.example.ch' });
});
afterAll(() => t.close());

const tokenOf = (text: string) => /validate-invitation\?token=([\w-]+)/.exec(text)?.[1];

describe('invitation', () => {
  it('invites in the profile language, lets the person set a password and sign in', async () => {
    const unit = await createUnit(t.database.db, { name: 'Berufsfachschule Bern' });
    const { client } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    const invited = await createPerson(t.database.db, {
      withUser: false,
      profile: { firstName: 'Jonas', email: 'jonas@example.ch', language: 'de' },
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });

    const response = await client.post('/api/profiles/invite/', {
      profile: invited.profile.id,
      unit: unit.id,
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    const [login] = await t.database.db.select().from(users).where(eq(users.id, user));
    expect(login).toMatchObject({ email: 'jonas@example.ch', passwordHash: null, language: 'de' });

    const mail = t.mail.last('jonas@example.ch')!;
    expect(mail.subject).toBe('Einladung zu Berufsfachschule Bern');
    expect(mail.text).toContain('Guten Tag Jonas');
    expect(mail.text).toContain('https://vet.example.ch/de/validate-invitation?token=');
    const token = tokenOf(mail.text)!;

    const visitor = t.client();
    const validated = await visitor.post('/api/profiles/validate_unit_invitation/', { token });
    expect(validated.json()).toEqual({ profile: invited.profile.id, unit: unit.id, user, token });

    const newPassword = 'Neues langes Passwort 2026';
    const reset = await visitor.post('/api/auth/password-reset/', {
      password: newPassword,
      token,
      user,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await t.client().login('jonas@example.ch', newPassword);
    expect((await signedIn.get('/api/users/me/')).json().profile).toBe(invited.profile.id);

    const again = await visitor.post('/api/profiles/validate_unit_invitation/', { token });
    expect(again.statusCode).toBe(400);

    const audit = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entity, 'profile'), eq(auditTrail.entityId, invited.profile.id)));
    expect(audit.map((row) => row.action)).toContain('invite');
  });

  it('links without prefix in French and uses the invitation up when the login has a password', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const member = await createPerson(t.database.db, {
      profile: { language: 'fr' },
      roles: [{ role: 'INSTRUCTOR', unitId: unit.id }],
    });
    await client.post('/api/profiles/invite/', { profile: member.profile.id, unit: unit.id });
    const mail = t.mail.last(member.email)!;
    expect(mail.subject).toMatch(/^Invitation à rejoindre/);
    expect(mail.text).toContain('https://vet.example.ch/validate-invitation?token=');
    const token = tokenOf(mail.text)!;
    const visitor = t.client();
    const validated = await visitor.post('/api/profiles/validate_unit_invitation/', { token });
    expect(validated.json()).toEqual({
      profile: member.profile.id,
      unit: unit.id,
      user: member.user!.id,
    });
    expect(
      (await visitor.post('/api/profiles/validate_unit_invitation/', { token })).statusCode,
    ).toBe(400);
    await t.client().login(member.email, TEST_PASSWORD);
  });

  it('registers a login without password, then the person is invited to set one', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const person = await createPerson(t.database.db, {
      withUser: false,
      profile: { email: null, language: 'it' },
      roles: [{ role: 'ENTERPRISE_INSTRUCTOR', unitId: unit.id }],
    });
    const registered = await client.post('/api/users/register/', {
      email: 'giulia@example.ch',
      profile: person.profile.id,
    });
    expect(registered.statusCode).toBe(201);
    const profile = (await client.get(`/api/profiles/${person.profile.id}/`)).json();
    expect(profile).toMatchObject({
      email: 'giulia@example.ch',
      user: { id: registered.json().id, is_active: true, has_password: false },
    });
    await client.post('/api/profiles/invite/', { profile: person.profile.id, unit: unit.id });
    expect(t.mail.last('giulia@example.ch')!.text).toContain('/it/validate-invitation?token=');
  });
});
