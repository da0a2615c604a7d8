import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let unitId: number;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  const staff = await createPerson(t.database.db, { roles: [{ role: 'COURSE_MANAGER', unitId }] });
  manager = await t.client().login(staff.email, TEST_PASSWORD);
  const boss = await createPerson(t.database.db, { roles: [{ role: 'ADMIN', unitId: null }] });
  admin = await t.client().login(boss.email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function sharedTemplate() {
  const response = await admin.post('/api/modules/templates/', {
    template_name: 'Modèle partagé',
    module_type: 'TRAINING_PLAN',
  });
  expect(response.statusCode).toBe(201);
  expect(response.json().unit).toBeNull();
  return response.json() as { id: number };
}

describe('shared templates', () => {
  it('are read by a course manager, who learns why they may not change them', async () => {
    const template = await sharedTemplate();
    const read = await manager.get(`/api/modules/templates/${template.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().permissions).toEqual({ change: false, delete: false, archive: false });

    manager.language = 'de';
    const refused = await manager.delete(`/api/modules/templates/${template.id}/`);
    manager.language = 'fr';
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Diese Vorlage wird von allen Einheiten gemeinsam genutzt: Nur ein/e Administrator/in kann sie ändern, archivieren oder löschen. Duplizieren Sie sie, um sie für Ihre Einheit anzupassen.',
    );
    const archive = await manager.post(`/api/modules/templates/${template.id}/archive/`);
    expect(archive.statusCode).toBe(403);
    expect(archive.json().detail).toMatch(/^Ce modèle est partagé entre toutes les unités/);
    expect((await admin.get(`/api/modules/templates/${template.id}/`)).json().status).toBe(
      'ACTIVE',
    );
  });

  it('are copied by a course manager into their own unit', async () => {
    const template = await sharedTemplate();
    const copy = await manager.post(`/api/modules/templates/${template.id}/duplicate/`, {
      unit: unitId,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      unit: unitId,
      permissions: { change: true, delete: true, archive: true },
    });
  });

  it('stay deletable by an admin', async () => {
    const template = await sharedTemplate();
    expect((await admin.delete(`/api/modules/templates/${template.id}/`)).statusCode).toBe(204);
  });
});
