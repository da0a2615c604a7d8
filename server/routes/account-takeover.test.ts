import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, mailOutbox, oneTimeTokens, profiles, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ APP_ORIGIN: 'https://vet.example.ch' })));
afterAll(() => t.close());

const db = () => t.database.db;
const tokenIn = (text: string, page: string) =>
  new RegExp(`/${page}\\?(?:user=\\d+&)?token=([\\w-]+)`).exec(text)?.[1];
const NEW_PASSWORD = 'a-brand-new-password-2026';

/** An instructor of two units, with a login, and who manages one of the units or both. */
async function instructorOfTwoUnits() {
  const [unitA, unitB] = [await createUnit(db()), await createUnit(db())];
  const person = await createPerson(db(), {
    roles: [
      { role: 'INSTRUCTOR', unitId: unitA.id },
      { role: 'INSTRUCTOR', unitId: unitB.id },
    ],
  });
  const courseManagerOfA = await createPerson(db(), {
    roles: [{ role: 'COURSE_MANAGER', unitId: unitA.id }],
  });
  const unitAdminOfBoth = await createPerson(db(), {
    roles: [
      { role: 'UNIT_ADMIN', unitId: unitA.id },
      { role: 'UNIT_ADMIN', unitId: unitB.id },
    ],
  });
  return { person, courseManagerOfA, unitAdminOfBoth };
}

const snapshot = async () => ({
  users: await db().select().from(users).orderBy(users.id),
  profiles: await db().select().from(profiles).orderBy(profiles.id),
  tokens: await db().select().from(oneTimeTokens).orderBy(oneTimeTokens.id),
  outbox: await db().select().from(mailOutbox).orderBy(mailOutbox.id),
  audit: await db().select().from(auditTrail).orderBy(auditTrail.id),
});

describe('changing the address of a profile that has a login', () => {
  it('is refused to a course manager who does not manage every unit of the person', async () => {
    const { person, courseManagerOfA } = await instructorOfTwoUnits();
    const manager = await t.client().login(courseManagerOfA.email, TEST_PASSWORD);
    const before = await snapshot();

    const refused = await manager.patch(`/api/profiles/${person.profile.id}/`, {
      email: 'attacker@evil.example',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_change_not_allowed');
    expect(await snapshot()).toEqual(before);

    // the attack went on with a reset at the new address: nothing reaches it
    await t.client().post('/api/auth/password-reset-request/', { email: 'attacker@evil.example' });
    expect(t.mail.sent.filter((m) => m.to === 'attacker@evil.example')).toEqual([]);
  });

  it('moves the login only once the new address confirms, with a notice to the old one', async () => {
    const { person, unitAdminOfBoth } = await instructorOfTwoUnits();
    const admin = await t.client().login(unitAdminOfBoth.email, TEST_PASSWORD);
    const changed = await admin.patch(`/api/profiles/${person.profile.id}/`, {
      email: 'new.address@example.ch',
      first_name: 'Renamed',
    });
    expect(changed.statusCode).toBe(200);
    // the other fields change at once; the address waits for its confirmation
    expect(changed.json()).toMatchObject({ first_name: 'Renamed', email: person.email });
    const notice = t.mail.last(person.email)!;
    expect(notice.subject).toContain('adresse e-mail');
    expect(notice.text).not.toContain('token=');
    const confirmation = t.mail.last('new.address@example.ch')!;
    const token = tokenIn(confirmation.text, 'confirm-email')!;
    expect(confirmation.text).toContain('https://vet.example.ch/confirm-email?token=');

    const visitor = t.client();
    expect(
      (
        await visitor.post('/api/auth/login/', {
          email: 'new.address@example.ch',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect((await visitor.post('/api/auth/email-change/', { token })).statusCode).toBe(200);
    expect((await visitor.post('/api/auth/email-change/', { token })).json()).toMatchObject({
      token: [expect.any(String)],
    });
    expect(
      (
        await visitor.post('/api/auth/login/', {
          email: 'new.address@example.ch',
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.client().post('/api/auth/login/', { email: person.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(400);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, person.profile.id));
    expect(profile!.email).toBe('new.address@example.ch');
  });

  it('a later change voids the link of an earlier one', async () => {
    const { person, unitAdminOfBoth } = await instructorOfTwoUnits();
    const admin = await t.client().login(unitAdminOfBoth.email, TEST_PASSWORD);
    await admin.patch(`/api/profiles/${person.profile.id}/`, { email: 'first.try@example.ch' });
    const first = tokenIn(t.mail.last('first.try@example.ch')!.text, 'confirm-email')!;
    await admin.patch(`/api/profiles/${person.profile.id}/`, { email: 'second.try@example.ch' });
    expect((await t.client().post('/api/auth/email-change/', { token: first })).statusCode).toBe(
      400,
    );
    const [user] = await db().select().from(users).where(eq(users.id, person.user!.id));
    expect(user!.email).toBe(person.email);
  });

  it('changes the address of a profile without a login at once, as before', async () => {
    const unit = await createUnit(db());
    const student = await createPerson(db(), {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
      withUser: false,
    });
    const manager = await createPerson(db(), {
      roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
    });
    const client = await t.client().login(manager.email, TEST_PASSWORD);
    const changed = await client.patch(`/api/profiles/${student.profile.id}/`, {
      email: 'no.login@example.ch',
    });
    expect(changed.json().email).toBe('no.login@example.ch');
  });
});

describe('tokens of a login', () => {
  it('an invitation cannot set the password of a login that has one', async () => {
    const unit = await createUnit(db());
    const person = await createPerson(db(), { roles: [{ role: 'INSTRUCTOR', unitId: unit.id }] });
    const admin = await createPerson(db(), { roles: [{ role: 'ADMIN', unitId: null }] });
    const client = await t.client().login(admin.email, TEST_PASSWORD);
    await client.post('/api/profiles/invite/', { profile: person.profile.id, unit: unit.id });
    const token = tokenIn(t.mail.last(person.email)!.text, 'validate-invitation')!;

    const refused = await t.client().post('/api/auth/password-reset/', {
      user: person.user!.id,
      token,
      password: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('token');
    await t.client().login(person.email, TEST_PASSWORD);
  });

  it('a password change voids every open link of the login, an address change too', async () => {
    const { person, unitAdminOfBoth } = await instructorOfTwoUnits();
    const admin = await t.client().login(unitAdminOfBoth.email, TEST_PASSWORD);
    await admin.patch(`/api/profiles/${person.profile.id}/`, { email: 'pending@example.ch' });
    const confirm = tokenIn(t.mail.last('pending@example.ch')!.text, 'confirm-email')!;
    await t.client().post('/api/auth/password-reset-request/', { email: person.email });
    const reset = tokenIn(t.mail.last(person.email)!.text, 'set-password')!;

    const self = await t.client().login(person.email, TEST_PASSWORD);
    await self.post('/api/auth/password-change/', {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    const resetAfter = await t.client().post('/api/auth/password-reset/', {
      user: person.user!.id,
      token: reset,
      password: 'yet-another-password-2026',
    });
    expect(resetAfter.statusCode).toBe(400);
    expect((await t.client().post('/api/auth/email-change/', { token: confirm })).statusCode).toBe(
      400,
    );
    await t.client().login(person.email, NEW_PASSWORD);
  });
});
