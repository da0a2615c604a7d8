import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  auditTrail,
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';
import { signIn } from '../test/assessment-factories.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';

let t: TestApp;
let manager: ApiClient;
let otherManager: ApiClient;
let instructor: ApiClient;
let admin: ApiClient;
let unitId: number;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  const otherUnitId = (await createUnit(t.database.db)).id;
  manager = (await signIn(t, [{ role: 'COURSE_MANAGER', unitId }])).client;
  otherManager = (await signIn(t, [{ role: 'COURSE_MANAGER', unitId: otherUnitId }])).client;
  instructor = (await signIn(t, [{ role: 'INSTRUCTOR', unitId }])).client;
  admin = (await signIn(t, [{ role: 'ADMIN', unitId: null }])).client;
});
afterAll(() => t.close());

interface Criterion {
  id: number;
  name: string;
  [field: string]: unknown;
}
interface Block {
  id: number;
  name: string;
  order: number;
  coefficient: string;
  criteria: Criterion[];
  blocks: Block[];
  [field: string]: unknown;
}
interface Detail {
  id: number;
  version: number;
  template_name: string;
  criterion_blocks: number[];
  tree: Block[];
  skipped?: number;
}

const saveTree = (client: ApiClient, id: number, body: Record<string, unknown>) =>
  client.request('PUT', `/api/modules/templates/${id}/tree/`, body);

async function createTemplate(client = manager, unit: number | null = unitId): Promise<Detail> {
  const response = await client.post('/api/modules/templates/', {
    template_name: 'Cours interentreprises',
    module_type: 'INTERCOMPANY_COURSE',
    unit,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const read = async (id: number): Promise<Detail> =>
  (await manager.get(`/api/modules/templates/${id}/`)).json();

/** Names as a nested outline: blocks as [name, children], criteria as plain names. */
type Outline = (string | [string, Outline])[];
const outline = (blocks: Block[]): Outline =>
  blocks.map((b) => [
    b.name,
    b.criteria.length > 0 ? b.criteria.map((c) => c.name) : outline(b.blocks),
  ]);

const rowCounts = async (templateId: number) => {
  const [blocks] = await t.database.db
    .select({ n: count() })
    .from(criterionBlockTemplates)
    .where(eq(criterionBlockTemplates.templateId, templateId));
  const [criteria] = await t.database.db
    .select({ n: count() })
    .from(criterionTemplates)
    .innerJoin(criterionBlockTemplates, eq(criterionBlockTemplates.id, criterionTemplates.blockId))
    .where(eq(criterionBlockTemplates.templateId, templateId));
  return { blocks: blocks!.n, criteria: criteria!.n };
};

/** A tree of two top-level blocks: one with two criteria, one with a nested block of criteria. */
const newTree = () => [
  {
    id: 'temp-1',
    name: 'Sécurité',
    reference: 'A',
    coefficient: '2',
    criteria: [
      { id: 'temp-2', name: 'Porte les EPI', preset: 'EVALUATION' },
      { id: 'temp-3', name: 'Note pratique', preset: 'GRADE', points: 4 },
    ],
  },
  {
    id: 'temp-4',
    name: 'Pratique',
    blocks: [
      {
        id: 'temp-5',
        name: 'Annexe',
        should_include_in_export: false,
        coefficient: '3',
        criteria: [{ id: 'temp-6', name: 'Soudure', preset: 'TEXT_ONLY' }],
      },
    ],
  },
];

async function templateWithTree(): Promise<Detail> {
  const template = await createTemplate();
  const response = await saveTree(manager, template.id, { blocks: newTree() });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('PUT /modules/templates/{id}/tree/', () => {
  it('creates a nested tree from temp ids with the template fields, in one version', async () => {
    const template = await createTemplate();
    const response = await saveTree(manager, template.id, {
      template: { template_name: 'CIE soudure', graded: false },
      version: template.version,
      blocks: newTree(),
    });
    expect(response.statusCode).toBe(200);
    const saved: Detail = response.json();
    expect(saved).toMatchObject({
      template_name: 'CIE soudure',
      graded: false,
      version: template.version + 1,
      skipped: 0,
    });
    expect(outline(saved.tree)).toEqual([
      ['Sécurité', ['Porte les EPI', 'Note pratique']],
      ['Pratique', [['Annexe', ['Soudure']]]],
    ]);
    const [security, practice] = saved.tree;
    expect(security).toMatchObject({ reference: 'A', coefficient: '2', order: 0 });
    expect(security!.criteria[0]).toMatchObject({
      has_evaluation: true,
      permissions: { change: true, delete: true },
    });
    expect(security!.criteria[1]).toMatchObject({
      grade: { min: '1', max: '6', step: '0.5', weight: '1' },
      points: '4',
    });
    expect(practice!.blocks[0]).toMatchObject({
      should_include_in_export: false,
      coefficient: '0',
    });
    expect(saved.criterion_blocks).toEqual([security!.id, practice!.id]);
    const { skipped: _skipped, ...detail } = saved;
    expect(await read(template.id)).toEqual(detail);
  });

  it('updates in place, reorders and moves items between blocks, keeping their ids', async () => {
    const template = await templateWithTree();
    const [security, practice] = template.tree;
    const [epi, grade] = security!.criteria;
    const annex = practice!.blocks[0]!;
    const response = await saveTree(manager, template.id, {
      version: template.version,
      blocks: [
        {
          ...practice,
          name: 'Pratique (soudure)',
          blocks: [{ ...annex, criteria: [grade, ...annex.criteria] }],
        },
        { ...security, coefficient: '1.5', criteria: [{ ...epi, name: 'Porte ses EPI' }] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: Detail = response.json();
    expect(outline(saved.tree)).toEqual([
      ['Pratique (soudure)', [['Annexe', ['Note pratique', 'Soudure']]]],
      ['Sécurité', ['Porte ses EPI']],
    ]);
    expect(saved.tree.map((b) => [b.id, b.order])).toEqual([
      [practice!.id, 0],
      [security!.id, 1],
    ]);
    expect(saved.tree[0]!.blocks[0]!.criteria.map((c) => c.id)).toEqual([
      grade!.id,
      annex.criteria[0]!.id,
    ]);
    expect(saved.tree[1]).toMatchObject({ coefficient: '1.5', reference: 'A' });
    expect(saved.tree[1]!.criteria[0]!.id).toBe(epi!.id);
    expect(await rowCounts(template.id)).toEqual({ blocks: 3, criteria: 3 });
  });

  it('deletes the blocks and criteria the tree leaves out, with what they hold', async () => {
    const template = await templateWithTree();
    const [security, practice] = template.tree;
    const response = await saveTree(manager, template.id, {
      blocks: [{ ...security, criteria: [security!.criteria[1]] }],
    });
    expect(response.statusCode).toBe(200);
    expect(outline(response.json().tree)).toEqual([['Sécurité', ['Note pratique']]]);
    expect(await rowCounts(template.id)).toEqual({ blocks: 1, criteria: 1 });
    const [left] = await t.database.db
      .select({ n: count() })
      .from(criterionBlockTemplates)
      .where(eq(criterionBlockTemplates.id, practice!.blocks[0]!.id));
    expect(left!.n).toBe(0);
    const emptied = await saveTree(manager, template.id, { blocks: [] });
    expect(emptied.json()).toMatchObject({ tree: [], criterion_blocks: [] });
    expect(await rowCounts(template.id)).toEqual({ blocks: 0, criteria: 0 });
  });

  it('skips and counts the children without id, saving everything else', async () => {
    const template = await createTemplate();
    const response = await saveTree(manager, template.id, {
      blocks: [
        { name: 'Sans id', criteria: [{ id: 'temp-9', name: 'Perdu avec son bloc' }] },
        {
          id: 'temp-1',
          name: 'Gardé',
          criteria: [
            { name: 'Critère sans id', id: null },
            { id: 'temp-2', name: 'Critère gardé' },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().skipped).toBe(2);
    expect(outline(response.json().tree)).toEqual([['Gardé', ['Critère gardé']]]);
    expect(await rowCounts(template.id)).toEqual({ blocks: 1, criteria: 1 });
  });

  it('refuses a block with both criteria and nested blocks, saving nothing', async () => {
    const template = await templateWithTree();
    const [security, practice] = template.tree;
    const response = await saveTree(manager, template.id, {
      template: { template_name: 'Jamais enregistré' },
      blocks: [
        { ...security, name: 'Renommé' },
        { ...practice, criteria: [{ id: 'temp-1', name: 'De trop' }] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'blocks.1.criteria': [
        'Ce bloc contient des blocs imbriqués : il ne peut pas contenir aussi des critères',
      ],
    });
    expect(await read(template.id)).toEqual(withoutSkipped(template));
  });

  it('refuses an id of another template, saving nothing', async () => {
    const template = await templateWithTree();
    const other = await templateWithTree();
    manager.language = 'de';
    const response = await saveTree(manager, template.id, {
      blocks: [
        { id: 'temp-1', name: 'Nouveau' },
        { ...template.tree[0], criteria: [other.tree[0]!.criteria[0]] },
      ],
    });
    manager.language = 'fr';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'blocks.1.criteria.0.id': ['Dieses Element gehört nicht zu dieser Vorlage'],
    });
    expect(await read(template.id)).toEqual(withoutSkipped(template));
    expect(await read(other.id)).toEqual(withoutSkipped(other));
  });

  it('leaves nothing half saved when an item deep in the tree is refused', async () => {
    const template = await templateWithTree();
    const [security, practice] = template.tree;
    const annex = practice!.blocks[0]!;
    const tree = (criterion: Record<string, unknown>) => [
      { ...security, name: 'Renommé', criteria: [] },
      { id: 'temp-1', name: 'Nouveau bloc', criteria: [{ id: 'temp-2', name: 'Nouveau' }] },
      {
        ...practice,
        blocks: [{ ...annex, criteria: [...annex.criteria, { id: 'temp-3', ...criterion }] }],
      },
    ];
    // refused by the body schema, localised, on the nested field
    manager.language = 'it';
    const badScale = await saveTree(manager, template.id, {
      template: { template_name: 'Mai salvato' },
      blocks: tree({ name: 'Scala', grade: { min: '6', max: '1', step: '1', weight: '1' } }),
    });
    manager.language = 'fr';
    expect(badScale.statusCode).toBe(400);
    expect(badScale.json()).toEqual({
      'blocks.2.blocks.0.criteria.1.grade.max': ['Il massimo deve essere superiore al minimo'],
    });
    // refused once merged with its preset, after the template row was already updated
    const badFlags = await saveTree(manager, template.id, {
      template: { template_name: 'Jamais enregistré' },
      blocks: tree({ name: 'Drapeaux', preset: 'PROGRESSION', has_progression: false }),
    });
    expect(badFlags.statusCode).toBe(400);
    expect(badFlags.json()).toEqual({
      'blocks.2.blocks.0.criteria.1.flags': [
        'Des indicateurs de progression demandent un critère avec progression',
      ],
    });
    const missingName = await saveTree(manager, template.id, { blocks: tree({ name: ' ' }) });
    expect(missingName.json()).toEqual({
      'blocks.2.blocks.0.criteria.1.name': ['Ce champ est obligatoire'],
    });
    expect(await read(template.id)).toEqual(withoutSkipped(template));
    expect(await rowCounts(template.id)).toEqual({ blocks: 3, criteria: 3 });
  });

  it('answers 409 to a save based on an older version, changing nothing', async () => {
    const template = await templateWithTree();
    const first = await saveTree(manager, template.id, {
      version: template.version,
      template: { template_name: 'Premier' },
      blocks: template.tree,
    });
    expect(first.statusCode).toBe(200);
    const saved: Detail = first.json();
    const stale = await saveTree(manager, template.id, {
      version: template.version,
      template: { template_name: 'Second' },
      blocks: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      "Ce modèle a été modifié entre-temps par quelqu'un d'autre. Rechargez-le et réessayez.",
    );
    expect(await read(template.id)).toEqual(withoutSkipped(saved));
    // a change through the per-item calls makes a newer version too
    await manager.patch(`/api/assessments/blocks/templates/${saved.tree[0]!.id}/`, { name: 'X' });
    const afterPatch = await saveTree(manager, template.id, {
      version: saved.version,
      blocks: saved.tree,
    });
    expect(afterPatch.statusCode).toBe(409);
  });

  it('records one audit entry per save', async () => {
    const template = await templateWithTree();
    const entries = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entity, 'module_template'), eq(auditTrail.entityId, template.id)));
    expect(entries.map((e) => e.action)).toEqual(['create', 'save_tree']);
  });
});

describe('who may save a tree', () => {
  it('lets a course manager save the templates of their unit only (404 elsewhere)', async () => {
    const template = await createTemplate();
    const elsewhere = await saveTree(otherManager, template.id, { blocks: newTree() });
    expect(elsewhere.statusCode).toBe(404);
    expect(await rowCounts(template.id)).toEqual({ blocks: 0, criteria: 0 });
  });

  it('answers 404 to an instructor, who does not see templates', async () => {
    const template = await createTemplate();
    expect((await saveTree(instructor, template.id, { blocks: [] })).statusCode).toBe(404);
  });

  it('keeps shared templates to ADMIN: a course manager reads them but gets 403', async () => {
    const shared = await createTemplate(admin, null);
    const refused = await saveTree(manager, shared.id, { blocks: newTree() });
    expect(refused.statusCode).toBe(403);
    expect(await rowCounts(shared.id)).toEqual({ blocks: 0, criteria: 0 });
    const allowed = await saveTree(admin, shared.id, { blocks: newTree() });
    expect(allowed.statusCode).toBe(200);
    expect(await rowCounts(shared.id)).toEqual({ blocks: 3, criteria: 3 });
  });

  it('answers 404 for a template that does not exist', async () => {
    expect((await saveTree(manager, 999_999, { blocks: [] })).statusCode).toBe(404);
  });
});

describe('POST /modules/templates/ with blocks', () => {
  const templateCount = async () =>
    (await t.database.db.select({ n: count() }).from(moduleTemplates))[0]!.n;

  it('creates the template and its tree together', async () => {
    const response = await manager.post('/api/modules/templates/', {
      template_name: 'Rapport de formation',
      module_type: 'TRAINING_REPORT',
      unit: unitId,
      blocks: [...newTree(), { name: 'Sans id' }],
    });
    expect(response.statusCode).toBe(201);
    const created: Detail = response.json();
    expect(created).toMatchObject({ template_name: 'Rapport de formation', skipped: 1 });
    expect(outline(created.tree)).toEqual([
      ['Sécurité', ['Porte les EPI', 'Note pratique']],
      ['Pratique', [['Annexe', ['Soudure']]]],
    ]);
    expect(await read(created.id)).toEqual(withoutSkipped(created));
  });

  it('creates nothing when the tree is refused', async () => {
    const existing = await templateWithTree();
    const before = await templateCount();
    const response = await manager.post('/api/modules/templates/', {
      template_name: 'Copie',
      module_type: 'TRAINING_REPORT',
      unit: unitId,
      blocks: [{ id: 'temp-1', name: 'Nouveau' }, existing.tree[0]],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'blocks.1.id': ["Cet élément n'appartient pas à ce modèle"],
    });
    expect(await templateCount()).toBe(before);
  });
});

function withoutSkipped(detail: Detail): Detail {
  const { skipped: _skipped, ...rest } = detail;
  return rest;
}

it('describes the tree save in the OpenAPI document', async () => {
  const response = await manager.get('/api/docs/json');
  expect(response.json().paths['/api/modules/templates/{id}/tree/']).toHaveProperty('put');
});
