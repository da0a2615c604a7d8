import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('data-processing consent, enforced by the API', () => {
  it('refuses every call but reading oneself, the personal area, accepting and signing out until accepted', async () => {
    const unit = await createUnit(t.database.db);
    const { email, profile } = await createPerson(t.database.db, {
      roles: [{ role: 'UNIT_ADMIN', unitId: unit.id }],
      user: { dataProcessingAcceptedAt: null },
    });
    const client = await t.client().login(email, TEST_PASSWORD);

    for (const [method, url] of [
      ['GET', '/api/profiles/'],
      ['GET', `/api/profiles/${profile.id}/`],
      ['GET', '/api/units/'],
      ['GET', '/api/assessments/'],
      ['POST', '/api/profiles/exist/'],
    ] as const) {
      const refused = await client.request(method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: 'consent_required' });
    }
    const me = await client.get('/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().is_data_processing_accepted).toBe(false);
    expect((await client.get('/api/about/')).statusCode).toBe(200);
    expect((await client.get('/api/users/me/sessions/')).statusCode).toBe(200);
    const changed = await client.post('/api/auth/password-change/', {
      current_password: TEST_PASSWORD,
      new_password: 'a new and long passphrase 2026',
    });
    expect(changed.statusCode).toBe(200);

    expect((await client.post('/api/users/me/accept-data-processing/')).statusCode).toBe(200);
    expect((await client.get('/api/units/')).statusCode).toBe(200);
    expect((await client.post('/api/auth/logout/')).statusCode).toBe(204);
  });

  it('lets a person who has not accepted sign out', async () => {
    const { email } = await createPerson(t.database.db, {
      user: { dataProcessingAcceptedAt: null },
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    expect((await client.post('/api/auth/logout/')).statusCode).toBe(204);
    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
  });
});

describe('anonymous requests', () => {
  it('get 401 before their body is looked at, and change nothing', async () => {
    const audits = (await t.database.db.select().from(auditTrail)).length;
    for (const [method, url] of [
      ['PATCH', '/api/assessments/1/'],
      ['POST', '/api/profiles/'],
      ['POST', '/api/units/'],
      ['DELETE', '/api/profiles/1/'],
    ] as const) {
      const response = await t
        .client()
        .request(method, url, method === 'DELETE' ? undefined : { unknown: 1 });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ code: 'unauthenticated' });
      expect(response.body, url).not.toContain('version');
    }
    expect((await t.database.db.select().from(auditTrail)).length).toBe(audits);
    // an unknown address is a 404 for everyone
    expect((await t.client().get('/api/nowhere/')).statusCode).toBe(404);
  });
});
