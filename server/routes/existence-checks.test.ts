import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function world() {
  const db = t.database.db;
  const [mine, other] = [await createUnit(db), await createUnit(db)];
  const manager = await createPerson(db, { roles: [{ role: 'COURSE_MANAGER', unitId: mine.id }] });
  const admin = await createPerson(db, { roles: [{ role: 'ADMIN', unitId: null }] });
  const inMine = await createPerson(db, { roles: [{ role: 'STUDENT', unitId: mine.id }] });
  const elsewhere = await createPerson(db, { roles: [{ role: 'STUDENT', unitId: other.id }] });
  const profileOnly = await createPerson(db, {
    roles: [{ role: 'STUDENT', unitId: other.id }],
    withUser: false,
  });
  return { mine, manager, admin, inMine, elsewhere, profileOnly };
}

it('answers about an address outside the asker’s units exactly as about an unknown one', async () => {
  const { manager, admin, inMine, elsewhere, profileOnly } = await world();
  const client = await t.client().login(manager.email, TEST_PASSWORD);
  const ask = async (email: string) => {
    const response = await client.post('/api/profiles/exist/', { email });
    return { status: response.statusCode, body: response.body };
  };
  const unknown = await ask('nobody.at.all@example.ch');
  expect(unknown).toEqual({ status: 200, body: '{"exists":false}' });
  expect(await ask(elsewhere.email)).toEqual(unknown);
  expect(await ask(profileOnly.email)).toEqual(unknown);
  expect(await ask(inMine.email.toUpperCase())).toEqual({ status: 200, body: '{"exists":true}' });

  const everywhere = await t.client().login(admin.email, TEST_PASSWORD);
  const seen = await everywhere.post('/api/profiles/exist/', { email: elsewhere.email });
  expect(seen.json()).toEqual({ exists: true });
});

it('lets the import’s dry run tell only of addresses within the asker’s units', async () => {
  const { mine, manager, inMine, elsewhere } = await world();
  const client = await t.client().login(manager.email, TEST_PASSWORD);
  const dryRun = (email: string) =>
    client.post('/api/profiles/import/', {
      unit: mine.id,
      role: 'STUDENT',
      dry_run: true,
      rows: [{ first_name: 'Lia', last_name: 'Bär', email }],
    });
  const unknown = await dryRun('not.known@example.ch');
  const foreign = await dryRun(elsewhere.email);
  expect(unknown.statusCode).toBe(200);
  expect({ status: foreign.statusCode, body: foreign.body }).toEqual({
    status: unknown.statusCode,
    body: unknown.body,
  });
  const own = await dryRun(inMine.email);
  expect(own.statusCode).toBe(400);
  expect(own.json()).toHaveProperty(['rows.0.email']);
});
