import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditTrail, criterionTemplates, moduleTemplates } from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
let manager: ApiClient;
let unitId: number;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  const { email } = await createPerson(t.database.db, {
    roles: [{ role: 'COURSE_MANAGER', unitId }],
  });
  manager = await t.client().login(email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function createTemplate(name = 'Cours interentreprises 1') {
  const response = await manager.post('/api/modules/templates/', {
    template_name: name,
    module_type: 'INTERCOMPANY_COURSE',
    unit: unitId,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function createBlock(body: Record<string, unknown>) {
  return manager.post('/api/assessments/blocks/templates/', body);
}

async function createCriterion(body: Record<string, unknown>) {
  return manager.post('/api/assessments/criteria/templates/', body);
}

const templateCount = async () =>
  (await t.database.db.select({ n: count() }).from(moduleTemplates))[0]!.n;
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditTrail))[0]!.n;

describe('module templates', () => {
  it('creates a template ACTIVE in the unit and records it in the audit trail', async () => {
    const before = await auditCount();
    const template = await createTemplate();
    expect(template).toMatchObject({
      template_name: 'Cours interentreprises 1',
      status: 'ACTIVE',
      unit: unitId,
      language: 'fr',
      rounding_formula: 'TENTH',
      graded: true,
      criterion_blocks: [],
      tree: [],
    });
    expect(await auditCount()).toBe(before + 1);
  });

  it('answers field messages in the request language and saves nothing on bad input', async () => {
    const before = await templateCount();
    manager.language = 'de';
    const response = await manager.post('/api/modules/templates/', {
      module_type: 'NOPE',
      unit: unitId,
    });
    manager.language = 'fr';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      template_name: ['Dieses Feld ist erforderlich'],
      module_type: ['Ungültige Auswahl'],
    });
    expect(await templateCount()).toBe(before);
  });

  it('builds a tree in order: blocks hold criteria or nested blocks, never both', async () => {
    const template = await createTemplate();
    const first = (await createBlock({ template: template.id, name: 'Sécurité' })).json();
    const second = (await createBlock({ template: template.id, name: 'Pratique' })).json();
    const nested = await createBlock({ template: template.id, parent: second.id, name: 'Soudure' });
    expect(nested.statusCode).toBe(201);
    const criterion = await createCriterion({
      block: first.id,
      name: 'Porte les EPI',
      preset: 'EVALUATION',
    });
    expect(criterion.statusCode).toBe(201);

    const blocksInBlockWithCriteria = await createBlock({
      template: template.id,
      parent: first.id,
      name: 'X',
    });
    expect(blocksInBlockWithCriteria.statusCode).toBe(400);
    expect(blocksInBlockWithCriteria.json().parent).toEqual([
      'Ce bloc contient des critères : il ne peut pas contenir aussi des blocs imbriqués',
    ]);
    manager.language = 'it';
    const criteriaInBlockWithBlocks = await createCriterion({
      block: second.id,
      name: 'Y',
      preset: 'GRADE',
    });
    manager.language = 'fr';
    expect(criteriaInBlockWithBlocks.statusCode).toBe(400);
    expect(criteriaInBlockWithBlocks.json().block).toEqual([
      'Questo blocco contiene blocchi annidati: non può contenere anche criteri',
    ]);

    const detail = (await manager.get(`/api/modules/templates/${template.id}/`)).json();
    expect(detail.criterion_blocks).toEqual([first.id, second.id]);
    expect(detail.tree.map((b: { name: string }) => b.name)).toEqual(['Sécurité', 'Pratique']);
    expect(detail.tree[0].criteria.map((c: { name: string }) => c.name)).toEqual(['Porte les EPI']);
    expect(detail.tree[1].blocks.map((b: { name: string }) => b.name)).toEqual(['Soudure']);
    const block = (await manager.get(`/api/assessments/blocks/templates/${second.id}/`)).json();
    expect(block.criterion_block_templates).toEqual([nested.json().id]);
    expect(block.criterion_templates).toEqual([]);
  });

  it('forces the coefficient to "0" when a block is not included in export', async () => {
    const template = await createTemplate();
    const created = await createBlock({
      template: template.id,
      name: 'Annexe',
      coefficient: '2',
      should_include_in_export: false,
    });
    expect(created.json().coefficient).toBe('0');
    const included = await manager.patch(
      `/api/assessments/blocks/templates/${created.json().id}/`,
      {
        should_include_in_export: true,
        coefficient: '1.5',
      },
    );
    expect(included.json().coefficient).toBe('1.5');
    const excluded = await manager.patch(
      `/api/assessments/blocks/templates/${created.json().id}/`,
      {
        should_include_in_export: false,
      },
    );
    expect(excluded.json().coefficient).toBe('0');
    const stillExcluded = await manager.patch(
      `/api/assessments/blocks/templates/${created.json().id}/`,
      {
        coefficient: '3',
      },
    );
    expect(stillExcluded.json().coefficient).toBe('0');
  });

  it('computes a criterion template’s permissions and refuses them on write, by name', async () => {
    const template = await createTemplate();
    const block = (await createBlock({ template: template.id, name: 'Bloc' })).json();
    const refused = await createCriterion({
      block: block.id,
      name: 'Note',
      preset: 'GRADE',
      permissions: { change: false, delete: false, anything: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ permissions: ['Champ inconnu'] });
    const created = await createCriterion({ block: block.id, name: 'Note', preset: 'GRADE' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      permissions: { change: true, delete: true },
      grade: { min: '1', max: '6', step: '0.5', weight: '1' },
      has_evaluation: false,
      letter_evaluation: null,
      points: '2',
    });
    const url = `/api/assessments/criteria/templates/${created.json().id}/`;
    const echoed = await manager.patch(url, { name: 'Note pratique', permissions: {} });
    expect(echoed.statusCode).toBe(400);
    const patched = await manager.patch(url, { name: 'Note pratique' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Note pratique',
      permissions: { change: true, delete: true },
    });
  });

  it('refuses a grade scale that does not go up', async () => {
    const template = await createTemplate();
    const block = (await createBlock({ template: template.id, name: 'Bloc' })).json();
    const response = await createCriterion({
      block: block.id,
      name: 'Note',
      grade: { min: '6', max: '1', step: '0.5', weight: '1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()['grade.max']).toEqual(['Le maximum doit être supérieur au minimum']);
  });

  it('deletes a criterion, a block with its content, and a template not in use', async () => {
    const template = await createTemplate();
    const block = (await createBlock({ template: template.id, name: 'Bloc' })).json();
    const criterion = (
      await createCriterion({ block: block.id, name: 'C', preset: 'TEXT_ONLY' })
    ).json();
    expect(
      (await manager.delete(`/api/assessments/criteria/templates/${criterion.id}/`)).statusCode,
    ).toBe(204);
    await createCriterion({ block: block.id, name: 'D', preset: 'TEXT_ONLY' });
    expect(
      (await manager.delete(`/api/assessments/blocks/templates/${block.id}/`)).statusCode,
    ).toBe(204);
    const left = await t.database.db
      .select()
      .from(criterionTemplates)
      .where(eq(criterionTemplates.blockId, block.id));
    expect(left).toEqual([]);
    expect((await manager.delete(`/api/modules/templates/${template.id}/`)).statusCode).toBe(204);
    expect((await manager.get(`/api/modules/templates/${template.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete a template that a module uses, saying why', async () => {
    const template = await createTemplate();
    const module = await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {});
    expect(module.statusCode).toBe(201);
    manager.language = 'de';
    const response = await manager.delete(`/api/modules/templates/${template.id}/`);
    manager.language = 'fr';
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'Diese Vorlage wird von 1 Modul verwendet und kann nicht gelöscht werden. Archivieren Sie sie stattdessen.',
    );
    expect((await manager.get(`/api/modules/templates/${template.id}/`)).statusCode).toBe(200);
  });

  it('archives and unarchives', async () => {
    const template = await createTemplate();
    const archived = await manager.post(`/api/modules/templates/${template.id}/archive/`);
    expect(archived.json().status).toBe('ARCHIVED');
    const refused = await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {});
    expect(refused.statusCode).toBe(400);
    const unarchived = await manager.post(`/api/modules/templates/${template.id}/unarchive/`);
    expect(unarchived.json().status).toBe('ACTIVE');
  });
});
