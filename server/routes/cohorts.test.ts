import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditTrail, cohorts } from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
let admin: ApiClient;
let unitId: number;
let otherUnitId: number;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  otherUnitId = (await createUnit(t.database.db)).id;
  const { email } = await createPerson(t.database.db, { roles: [{ role: 'UNIT_ADMIN', unitId }] });
  admin = await t.client().login(email, TEST_PASSWORD);
});
afterAll(() => t.close());

const student = (unit: number) =>
  createPerson(t.database.db, { roles: [{ role: 'STUDENT', unitId: unit }] });

describe('cohorts', () => {
  it('creates a cohort ACTIVE with no students, refusing a body that says otherwise', async () => {
    const someone = await student(unitId);
    const refused = await admin.post('/api/cohorts/', {
      name: 'Volée 2026',
      unit: unitId,
      status: 'ARCHIVED',
      students: [someone.profile.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(['status', 'students']);
    const response = await admin.post('/api/cohorts/', { name: 'Volée 2026', unit: unitId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Volée 2026',
      unit: unitId,
      status: 'ACTIVE',
      students: [],
    });
    const audit = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entity, 'cohort'), eq(auditTrail.entityId, response.json().id)));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses a cohort without name or in a unit out of reach, saving nothing', async () => {
    const before = (await t.database.db.select().from(cohorts)).length;
    admin.language = 'it';
    const noName = await admin.post('/api/cohorts/', { unit: unitId });
    admin.language = 'fr';
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ name: ['Questo campo è obbligatorio'] });
    const elsewhere = await admin.post('/api/cohorts/', { name: 'X', unit: otherUnitId });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().unit).toHaveLength(1);
    expect((await t.database.db.select().from(cohorts)).length).toBe(before);
  });

  it('renames, replaces the students with students of its unit only, archives and unarchives', async () => {
    const cohort = (await admin.post('/api/cohorts/', { name: 'A', unit: unitId })).json();
    const [first, second, stranger] = [
      await student(unitId),
      await student(unitId),
      await student(otherUnitId),
    ];
    const renamed = await admin.patch(`/api/cohorts/${cohort.id}/`, { name: 'Volée A' });
    expect(renamed.json().name).toBe('Volée A');
    const filled = await admin.patch(`/api/cohorts/${cohort.id}/`, {
      students: [first.profile.id, second.profile.id],
    });
    expect(filled.json().students.sort()).toEqual([first.profile.id, second.profile.id].sort());
    const refused = await admin.patch(`/api/cohorts/${cohort.id}/`, {
      students: [first.profile.id, stranger.profile.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().students).toEqual([
      "Chaque personne en formation doit être inscrite comme apprenti·e dans l'unité de la volée",
    ]);
    const unchanged = (await admin.get(`/api/cohorts/${cohort.id}/`)).json();
    expect(unchanged.students).toHaveLength(2);
    const emptied = await admin.patch(`/api/cohorts/${cohort.id}/`, { students: [] });
    expect(emptied.json().students).toEqual([]);
    expect((await admin.post(`/api/cohorts/${cohort.id}/archive/`)).json().status).toBe('ARCHIVED');
    expect((await admin.post(`/api/cohorts/${cohort.id}/unarchive/`)).json().status).toBe('ACTIVE');
    expect((await admin.delete(`/api/cohorts/${cohort.id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/api/cohorts/${cohort.id}/`)).statusCode).toBe(404);
  });

  it('lists with filters and the all-cohorts limit of 1000, never beyond', async () => {
    const unit = (await createUnit(t.database.db)).id;
    const { email } = await createPerson(t.database.db, {
      roles: [{ role: 'UNIT_ADMIN', unitId: unit }],
    });
    const client = await t.client().login(email, TEST_PASSWORD);
    await t.database.db.insert(cohorts).values(
      Array.from({ length: 1005 }, (_, i) => ({
        name: `Volée ${String(i).padStart(4, '0')}`,
        unitId: unit,
      })),
    );
    const all = (await client.get('/api/cohorts/?limit=1000')).json();
    expect(all.count).toBe(1005);
    expect(all.results).toHaveLength(1000);
    expect(all.next).toBe('/api/cohorts/?limit=1000&offset=1000');
    const rest = (await client.get(all.next)).json();
    expect(rest.results.map((c: { name: string }) => c.name)).toEqual([
      'Volée 1000',
      'Volée 1001',
      'Volée 1002',
      'Volée 1003',
      'Volée 1004',
    ]);
    expect((await client.get('/api/cohorts/?limit=1001')).statusCode).toBe(400);
    const search = (await client.get('/api/cohorts/?search=0042')).json();
    expect(search.results.map((c: { name: string }) => c.name)).toEqual(['Volée 0042']);
    const [firstCohort] = all.results;
    await client.post(`/api/cohorts/${firstCohort.id}/archive/`);
    const archived = (await client.get('/api/cohorts/?status=ARCHIVED')).json();
    expect(archived.results.map((c: { id: number }) => c.id)).toEqual([firstCohort.id]);
    const otherUnit = (await client.get(`/api/cohorts/?unit=${unitId}`)).json();
    expect(otherUnit.count).toBe(0);
  });

  it('lets instructors read the cohorts of their unit only, without changing them', async () => {
    const cohort = (await admin.post('/api/cohorts/', { name: 'Lecture', unit: unitId })).json();
    const { email } = await createPerson(t.database.db, {
      roles: [{ role: 'INSTRUCTOR', unitId }],
    });
    const instructor = await t.client().login(email, TEST_PASSWORD);
    const read = await instructor.get(`/api/cohorts/${cohort.id}/`);
    expect(read.json()).toMatchObject({ name: 'Lecture', permissions: { change: false } });
    expect((await instructor.patch(`/api/cohorts/${cohort.id}/`, { name: 'X' })).statusCode).toBe(
      403,
    );
    const list = (await instructor.get('/api/cohorts/')).json();
    expect(list.results.every((c: { unit: number }) => c.unit === unitId)).toBe(true);
  });
});
