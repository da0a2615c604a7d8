import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assessments, auditTrail, profiles } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';
import {
  addLegalRepresentative,
  createAssessment,
  createCohort,
  createGroup,
  createModule,
} from '../test/assessment-factories.ts';
import { signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profiles', () => {
  it('names a student’s legal representatives to the student, who cannot list them', async () => {
    const unit = await createUnit(t.database.db);
    const parent = await createPerson(t.database.db, {
      roles: [{ role: 'LEGAL_REPRESENTATIVE', unitId: unit.id }],
      profile: { firstName: 'Martine', lastName: 'Rochat' },
    });
    const student = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    await addLegalRepresentative(t.database.db, student.profile.id, parent.profile.id);
    const client = await t.client().login(student.email, TEST_PASSWORD);
    const own = (await client.get(`/api/profiles/${student.profile.id}/`)).json();
    expect(own.legal_representative_details).toEqual([
      { id: parent.profile.id, first_name: 'Martine', last_name: 'Rochat' },
    ]);
  });

  it('creates a student with assignments in one call and lists it with its initials', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const created = await client.post('/api/profiles/', {
      first_name: 'Émilie',
      last_name: 'Favre',
      email: 'emilie.favre@example.ch',
      kind: 'FEDERAL_VET_DIPLOMA_3_YEARS',
      assignments: [{ unit: unit.id, role: 'STUDENT' }],
    });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile).toMatchObject({
      first_name: 'Émilie',
      initials: 'ÉF',
      kind: 'FEDERAL_VET_DIPLOMA_3_YEARS',
      status: 'ACTIVE',
      user: null,
      assignments: [{ unit: unit.id, role: 'STUDENT' }],
    });
    const list = await client.get('/api/profiles/?roles=STUDENT&search=emilie');
    expect(list.json().results.map((p: { id: number }) => p.id)).toEqual([profile.id]);
    const [audit] = await t.database.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.entityId, profile.id));
    expect(audit).toMatchObject({ action: 'create', entity: 'profile' });
  });

  it('serves pages of up to 1,000 profiles, like every list, each with its own assignments and login', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    const student = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const coach = await createPerson(t.database.db, {
      roles: [{ role: 'INSTRUCTOR', unitId: unit.id }],
    });
    const page = await client.get('/api/profiles/?limit=1000');
    expect(page.statusCode).toBe(200);
    const byId = new Map(page.json().results.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(student.profile.id)).toMatchObject({
      assignments: [{ unit: unit.id, role: 'STUDENT' }],
      user: { id: student.user!.id, is_active: true, has_password: true },
    });
    expect(byId.get(coach.profile.id)).toMatchObject({
      assignments: [{ unit: unit.id, role: 'INSTRUCTOR' }],
    });
    expect((await client.get('/api/profiles/?limit=1001')).statusCode).toBe(400);
  });

  it('filters by several roles, status and unit, orders and pages', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    for (const [lastName, role] of [
      ['Zurbriggen', 'STUDENT'],
      ['Amherd', 'INSTRUCTOR'],
      ['Meier', 'COURSE_MANAGER'],
    ] as const)
      await createPerson(t.database.db, {
        profile: { lastName },
        roles: [{ role, unitId: unit.id }],
      });
    const response = await client.get(
      `/api/profiles/?roles=STUDENT&roles=INSTRUCTOR&unit=${unit.id}&ordering=-last_name&limit=1`,
    );
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.results[0].last_name).toBe('Zurbriggen');
    expect(body.next).toContain('offset=1');
    expect(body.previous).toBeNull();
    const archived = await client.get(`/api/profiles/?unit=${unit.id}&status=ARCHIVED`);
    expect(archived.json().count).toBe(0);
  });

  it('gives a unit admin the number of their people on every page, one past the end included', async () => {
    const unit = await createUnit(t.database.db);
    const elsewhere = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    for (const lastName of ['Aebischer', 'Bonvin', 'Crettaz'])
      await createPerson(t.database.db, {
        profile: { lastName },
        roles: [{ role: 'STUDENT', unitId: unit.id }],
      });
    await createPerson(t.database.db, { roles: [{ role: 'STUDENT', unitId: elsewhere.id }] });
    const students = `/api/profiles/?roles=STUDENT&ordering=last_name&limit=2`;
    const first = (await client.get(students)).json();
    expect(first.count).toBe(3);
    expect(first.results.map((p: { last_name: string }) => p.last_name)).toEqual([
      'Aebischer',
      'Bonvin',
    ]);
    const last = (await client.get(`${students}&offset=2`)).json();
    expect(last).toMatchObject({ count: 3, next: null, results: [{ last_name: 'Crettaz' }] });
    const beyond = (await client.get(`${students}&offset=10`)).json();
    expect(beyond).toMatchObject({ count: 3, results: [] });
    const none = (await client.get(`${students}&search=zzz`)).json();
    expect(none).toMatchObject({ count: 0, results: [] });
  });

  it('names the students of a cohort to whoever sees them, and to no one else', async () => {
    const unit = await createUnit(t.database.db);
    const elsewhere = await createUnit(t.database.db);
    // Carron is a student of the unit outside the cohort
    const [inCohort, alsoInCohort] = await Promise.all(
      ['Zufferey', 'Berthod', 'Carron'].map((lastName) =>
        createPerson(t.database.db, {
          profile: { lastName },
          roles: [{ role: 'STUDENT', unitId: unit.id }],
        }),
      ),
    );
    const cohort = await createCohort(t.database.db, unit.id, [
      inCohort!.profile.id,
      alsoInCohort!.profile.id,
    ]);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const named = (
      await client.get(`/api/profiles/?cohort=${cohort.id}&ordering=last_name`)
    ).json();
    expect(named.count).toBe(2);
    expect(named.results.map((p: { id: number }) => p.id)).toEqual([
      alsoInCohort!.profile.id,
      inCohort!.profile.id,
    ]);
    const stranger = await signedInAs(t, 'UNIT_ADMIN', elsewhere.id);
    const hidden = (await stranger.client.get(`/api/profiles/?cohort=${cohort.id}`)).json();
    expect(hidden).toMatchObject({ count: 0, results: [] });
    const refused = await client.get('/api/profiles/?cohort=first');
    expect(refused.statusCode).toBe(400);
  });

  it("lists a module's students, to an instructor those of their groups only", async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const student = (lastName: string) =>
      createPerson(db, { profile: { lastName }, roles: [{ role: 'STUDENT', unitId: unit.id }] });
    const [mine, theirs, elsewhere] = await Promise.all(['Zen', 'Abbet', 'Crettex'].map(student));
    const instructor = await signedInAs(t, 'INSTRUCTOR', unit.id);
    const { module } = await createModule(db, { unitId: unit.id });
    const ours = await createGroup(db, module.id, [instructor.person.profile.id]);
    const other = await createGroup(db, module.id);
    await createAssessment(db, {
      moduleId: module.id,
      groupId: ours.id,
      studentId: mine!.profile.id,
    });
    await createAssessment(db, {
      moduleId: module.id,
      groupId: other.id,
      studentId: theirs!.profile.id,
    });
    // Crettex is assessed in another module of the unit only
    const { module: another } = await createModule(db, { unitId: unit.id });
    await createAssessment(db, {
      moduleId: another.id,
      groupId: null,
      studentId: elsewhere!.profile.id,
    });
    const listed = async (client: typeof instructor.client) =>
      (await client.get(`/api/profiles/?roles=STUDENT&module=${module.id}&ordering=last_name`))
        .json()
        .results.map((p: { last_name: string }) => p.last_name);
    const { client: manager } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    expect(await listed(manager)).toEqual(['Abbet', 'Zen']);
    expect(await listed(instructor.client)).toEqual(['Zen']);
    expect((await manager.get('/api/profiles/?module=0')).statusCode).toBe(400);
  });

  /** Students of the unit with these names, created one after the other (ids in that order). */
  async function studentsNamed(unitId: number, names: { firstName?: string; lastName: string }[]) {
    for (const profile of names)
      await createPerson(t.database.db, { profile, roles: [{ role: 'STUDENT', unitId }] });
  }

  it('sorts people by name as a reader expects, accents and case included', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    await studentsNamed(
      unit.id,
      ['Zurbriggen', 'Über', 'de Weck', 'Ulrich', 'Émery'].map((lastName) => ({ lastName })),
    );
    const sorted = (await client.get(`/api/profiles/?unit=${unit.id}&ordering=last_name`)).json();
    expect(sorted.results.map((p: { last_name: string }) => p.last_name)).toEqual([
      'de Weck',
      'Émery',
      'Über',
      'Ulrich',
      'Zurbriggen',
    ]);
  });

  it('reverses an order as a whole when descending, its ties by name and id too', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    await studentsNamed(unit.id, [
      { firstName: 'Léa', lastName: 'Rey' },
      { firstName: 'Léa', lastName: 'Favre' },
      { firstName: 'Noé', lastName: 'Bovet' },
      { firstName: 'Léa', lastName: 'Favre' },
    ]);
    const order = async (ordering: string) =>
      (await client.get(`/api/profiles/?roles=STUDENT&unit=${unit.id}&ordering=${ordering}`)).json()
        .results as { id: number; last_name: string }[];
    const ascending = await order('first_name');
    expect(ascending.map((p) => p.last_name)).toEqual(['Favre', 'Favre', 'Rey', 'Bovet']);
    expect(ascending[0]!.id).toBeLessThan(ascending[1]!.id);
    expect(await order('-first_name')).toEqual([...ascending].reverse());
  });

  it('archives and unarchives', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    const { profile } = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    expect((await client.post(`/api/profiles/${profile.id}/archive/`)).json().status).toBe(
      'ARCHIVED',
    );
    expect((await client.post(`/api/profiles/${profile.id}/unarchive/`)).json().status).toBe(
      'ACTIVE',
    );
  });

  it('answers whether an address exists, case-insensitively', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    await createPerson(t.database.db, {
      profile: { email: 'Known.Person@example.ch' },
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const known = await client.post('/api/profiles/exist/', { email: 'known.person@EXAMPLE.ch' });
    expect(known.json()).toEqual({ exists: true });
    const unknown = await client.post('/api/profiles/exist/', { email: 'nobody@example.ch' });
    expect(unknown.json()).toEqual({ exists: false });
  });

  it('requires a unit for every role but ADMIN, in the request language', async () => {
    const unit = await createUnit(t.database.db);
    const { client, person } = await signedInAs(t, 'ADMIN', unit.id);
    client.language = 'de';
    const response = await client.post('/api/assignments/', {
      profile: person.profile.id,
      role: 'INSTRUCTOR',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      unit: ['Für alle Rollen ausser Administrator muss eine Einheit angegeben werden'],
    });
  });

  it('gives the roles the actor may assign, with labels', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    const roles = (await client.get('/api/assignments/metadata/')).json().roles;
    expect(roles.map((r: { value: string }) => r.value)).toEqual([
      'STUDENT',
      'LEGAL_REPRESENTATIVE',
      'INSTRUCTOR',
      'ENTERPRISE_INSTRUCTOR',
    ]);
    expect(roles[0].label).toBe('Apprenti·e');
  });

  it('lets a legal representative read their ward, and only them', async () => {
    const unit = await createUnit(t.database.db);
    const { client, person } = await signedInAs(t, 'LEGAL_REPRESENTATIVE', unit.id);
    const admin = await signedInAs(t, 'ADMIN', unit.id);
    const ward = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const other = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const linked = await admin.client.patch(`/api/profiles/${ward.profile.id}/`, {
      legal_representatives: [person.profile.id],
    });
    expect(linked.json().legal_representatives).toEqual([person.profile.id]);
    expect((await client.get(`/api/profiles/${ward.profile.id}/`)).statusCode).toBe(200);
    expect((await client.get(`/api/profiles/${other.profile.id}/`)).statusCode).toBe(404);
    const ids = (await client.get('/api/profiles/'))
      .json()
      .results.map((p: { id: number }) => p.id);
    expect(ids.sort()).toEqual([person.profile.id, ward.profile.id].sort());
    // the home page finds the wards so, even before any of their assessments is validated
    const students = (await client.get('/api/profiles/?roles=STUDENT')).json();
    expect(students.results).toEqual([
      expect.objectContaining({ id: ward.profile.id, legal_representatives: [person.profile.id] }),
    ]);
  });

  it('deactivating a login ends its sessions', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const student = await signedInAs(t, 'STUDENT', unit.id);
    expect((await student.client.get('/api/users/me/')).statusCode).toBe(200);
    const response = await client.patch(`/api/users/${student.person.user!.id}/`, {
      is_active: false,
    });
    expect(response.json()).toMatchObject({ is_active: false, has_password: true });
    expect((await student.client.get('/api/users/me/')).statusCode).toBe(401);
  });

  it('registers a login with a password, never writing the hash to the audit trail', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const { profile } = await createPerson(t.database.db, {
      withUser: false,
      roles: [{ role: 'INSTRUCTOR', unitId: unit.id }],
    });
    const password = 'Ein sehr langes Passwort 42';
    const response = await client.post('/api/users/register/', {
      email: 'registered.instructor@example.ch',
      profile: profile.id,
      password,
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = (await client.get(`/api/users/${response.json().id}/`)).json();
    expect(user).toMatchObject({ profile: profile.id, has_password: true, is_active: true });
    await t.client().login('registered.instructor@example.ch', password);
    const rows = await t.database.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.entityId, response.json().id));
    const register = rows.find((row) => row.action === 'register' && row.entity === 'user');
    expect(register?.newValue).toMatchObject({ has_password: true });
    expect(JSON.stringify(register)).not.toContain('argon2');
  });

  it('never loses a student’s assessments with the profile: refused with a reason, archive instead', async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    const student = await createPerson(db, { roles: [{ role: 'STUDENT', unitId: unit.id }] });
    const { module } = await createModule(db, { unitId: unit.id });
    const kept = await createAssessment(db, {
      moduleId: module.id,
      groupId: null,
      studentId: student.profile.id,
    });
    const refused = await client.delete(`/api/profiles/${student.profile.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Cette personne a 1 évaluation : son profil ne peut pas être supprimé sans les perdre. Archivez-le plutôt.',
    );
    expect(
      await db.select().from(profiles).where(eq(profiles.id, student.profile.id)),
    ).toHaveLength(1);
    expect(await db.select().from(assessments).where(eq(assessments.id, kept.id))).toHaveLength(1);
    // nor does the database let anything else take them away
    await expect(db.delete(profiles).where(eq(profiles.id, student.profile.id))).rejects.toThrow();

    const unassessed = await createPerson(db, { roles: [{ role: 'STUDENT', unitId: unit.id }] });
    expect((await client.delete(`/api/profiles/${unassessed.profile.id}/`)).statusCode).toBe(204);
  });
});

describe('the birth date', () => {
  it('is written by those who manage the profile and shown to the student', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    const student = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const url = `/api/profiles/${student.profile.id}/`;
    const bad = await client.patch(url, { birth_date: '2009-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().birth_date).toEqual(['Cette date n’existe pas']);
    const changed = await client.patch(url, { birth_date: '2009-02-28' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().birth_date).toBe('2009-02-28');
    const own = await t.client().login(student.email, TEST_PASSWORD);
    expect((await own.get(url)).json().birth_date).toBe('2009-02-28');
    const [trail] = await t.database.db
      .select({ old: auditTrail.oldValue, new: auditTrail.newValue })
      .from(auditTrail)
      .where(eq(auditTrail.entityId, student.profile.id))
      .orderBy(auditTrail.id);
    expect(trail).toMatchObject({ old: { birth_date: null }, new: { birth_date: '2009-02-28' } });
    expect((await own.patch(url, { birth_date: '2000-01-01' })).statusCode).toBe(403);
  });

  it('comes with an import, and a day that does not exist is reported on its row', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const rows = [
      { first_name: 'Léa', last_name: 'Born', birth_date: '2009-03-14' },
      { first_name: 'Noé', last_name: 'Born', birth_date: '2009-13-01' },
    ];
    const refused = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['rows.1.birth_date']);
    const created = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows: rows.slice(0, 1),
    });
    expect(created.statusCode).toBe(201);
    const [id] = created.json().created as number[];
    expect((await client.get(`/api/profiles/${id}/`)).json().birth_date).toBe('2009-03-14');
  });
});
