import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('signs in with the right password and shows the permissions of the roles', async () => {
    const unit = await createUnit(t.database.db);
    const { email } = await createPerson(t.database.db, {
      roles: [{ role: 'UNIT_ADMIN', unitId: unit.id }],
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    const me = await client.get('/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toContain('listUnit');
    expect(me.json().permissions).not.toContain('addUnit');
  });

  it('refuses a wrong password with a localised message', async () => {
    const { email } = await createPerson(t.database.db);
    const client = t.client();
    client.language = 'de';
    const response = await client.post('/api/auth/login/', { email, password: 'wrong password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().non_field_errors).toEqual(['E-Mail-Adresse oder Passwort ist falsch']);
  });

  it('answers 403 to an unsafe request without the CSRF header', async () => {
    const client = t.client();
    await client.get('/api/about/');
    const response = await client.post(
      '/api/auth/login/',
      { email: 'a@b.ch', password: 'x' },
      { 'x-csrftoken': 'nope' },
    );
    expect(response.statusCode).toBe(403);
  });
});
