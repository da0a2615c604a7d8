import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  assessments,
  criterionEvaluations,
  moduleCriteria,
  moduleTemplates,
} from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
let manager: ApiClient;
let unitId: number;
let otherUnitId: number;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  otherUnitId = (await createUnit(t.database.db)).id;
  const { email } = await createPerson(t.database.db, {
    roles: [
      { role: 'COURSE_MANAGER', unitId },
      { role: 'COURSE_MANAGER', unitId: otherUnitId },
    ],
  });
  manager = await t.client().login(email, TEST_PASSWORD);
});
afterAll(() => t.close());

/** A template with two top blocks, the second holding a nested block, and three criteria. */
async function buildTemplate(name = 'Bilan de formation') {
  const template = (
    await manager.post('/api/modules/templates/', {
      template_name: name,
      module_type: 'TRAINING_REPORT',
      unit: unitId,
      rounding_formula: 'HALF',
    })
  ).json();
  const block = async (body: Record<string, unknown>) =>
    (
      await manager.post('/api/assessments/blocks/templates/', { template: template.id, ...body })
    ).json();
  const criterion = async (body: Record<string, unknown>) =>
    (await manager.post('/api/assessments/criteria/templates/', body)).json();
  const a = await block({ name: 'A', reference: '1', coefficient: '2' });
  const b = await block({ name: 'B' });
  const b1 = await block({ name: 'B1', parent: b.id, grading_formula: 'AVERAGE' });
  await criterion({ block: a.id, name: 'a1', preset: 'EVALUATION' });
  await criterion({ block: a.id, name: 'a2', preset: 'OBSERVED_WITH_EVALUATION' });
  await criterion({ block: b1.id, name: 'b1', preset: 'GRADE' });
  return (await manager.get(`/api/modules/templates/${template.id}/`)).json();
}

/** The tree without ids: names, fields and order only. */
type Node = {
  id?: number;
  source_block?: number;
  criteria: Record<string, unknown>[];
  blocks: Node[];
};
function shape(nodes: Node[]): unknown {
  return nodes.map(({ id: _id, source_block: _s, criteria, blocks, ...fields }) => ({
    ...fields,
    criteria: criteria.map(
      ({ id: _i, block: _b, permissions: _p, source_criterion: _c, ...rest }) => rest,
    ),
    blocks: shape(blocks),
  }));
}

describe('duplicate', () => {
  it('copies the whole tree in order, named with the date and time', async () => {
    const source = await buildTemplate();
    const response = await manager.post(`/api/modules/templates/${source.id}/duplicate/`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy.template_name).toMatch(/^Bilan de formation \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
    expect(copy.rounding_formula).toBe('HALF');
    expect(copy.unit).toBe(unitId);
    expect(shape(copy.tree)).toEqual(shape(source.tree));
    expect(copy.criterion_blocks).toHaveLength(2);
    expect(copy.criterion_blocks).not.toEqual(source.criterion_blocks);
  });

  it('answers the spec message when the source does not exist', async () => {
    const missing = await manager.post('/api/modules/templates/999999/duplicate/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'template_copy_source_not_found',
      detail: 'Aucun modèle de module trouvé à copier',
    });
    manager.language = 'de';
    const german = await manager.post('/api/modules/templates/999999/duplicate/');
    manager.language = 'fr';
    expect(german.json()).toEqual({
      code: 'template_copy_source_not_found',
      detail: 'Keine Modulvorlage zum Kopieren gefunden',
    });
  });
});

describe('instanciate', () => {
  it('creates an OPEN module with a frozen copy that later template edits never change', async () => {
    const template = await buildTemplate();
    const response = await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {
      name: 'CIE 2026',
      start_date: '2026-08-01',
      end_date: '2027-07-31',
    });
    expect(response.statusCode).toBe(201);
    const module = response.json();
    expect(module).toMatchObject({
      name: 'CIE 2026',
      status: 'OPEN',
      unit: unitId,
      template: template.id,
      module_type: 'TRAINING_REPORT',
      rounding_formula: 'HALF',
    });
    expect(shape(module.tree)).toEqual(shape(template.tree));

    const firstBlock = template.tree[0];
    await manager.patch(`/api/assessments/blocks/templates/${firstBlock.id}/`, { name: 'Renamed' });
    await manager.delete(`/api/assessments/criteria/templates/${firstBlock.criteria[0].id}/`);
    await manager.patch(`/api/modules/templates/${template.id}/`, { rounding_formula: 'INTEGER' });

    const after = (await manager.get(`/api/modules/instances/${module.id}/`)).json();
    expect(after.tree).toEqual(module.tree);
    expect(after.rounding_formula).toBe('HALF');
    expect(after.tree[0].name).toBe('A');
    expect(after.tree[0].criteria.map((c: { name: string }) => c.name)).toEqual(['a1', 'a2']);
  });

  it('refuses a cohort of another unit and an end before the start, creating nothing', async () => {
    const template = await buildTemplate();
    const cohort = (
      await manager.post('/api/cohorts/', { name: 'Autre', unit: otherUnitId })
    ).json();
    const response = await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {
      cohort: cohort.id,
      start_date: '2026-08-01',
      end_date: '2026-07-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      cohort: ['La volée appartient à une autre unité'],
      end_date: ['La date de fin ne peut pas précéder la date de début'],
    });
    const list = (await manager.get(`/api/modules/instances/?template=${template.id}`)).json();
    expect(list.count).toBe(0);
  });
});

async function instructorOf(unit: number, role: 'INSTRUCTOR' | 'STUDENT' = 'INSTRUCTOR') {
  return createPerson(t.database.db, { roles: [{ role, unitId: unit }] });
}

describe('modules', () => {
  it('sorts names as a reader expects, not by byte: case and accents do not come last', async () => {
    const template = await buildTemplate('Tri');
    for (const name of ['UX test', 'üK 187', 'atelier', 'Zoologie', 'École'])
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, { name });
    const sorted = (await manager.get(`/api/modules/instances/?template=${template.id}`)).json();
    expect(sorted.results.map((m: { name: string }) => m.name)).toEqual([
      'atelier',
      'École',
      'üK 187',
      'UX test',
      'Zoologie',
    ]);
  });

  it('filters, searches, orders and pages', async () => {
    const template = await buildTemplate('Filtres');
    const names = ['Zeta', 'Alpha', 'Mu'];
    const ids: number[] = [];
    for (const name of names) {
      const module = await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {
        name,
      });
      ids.push(module.json().id);
    }
    await manager.patch(`/api/modules/instances/${ids[2]}/`, { status: 'LOCKED' });
    const base = `/api/modules/instances/?template=${template.id}`;
    const all = (await manager.get(base)).json();
    expect(all.results.map((m: { name: string }) => m.name)).toEqual(['Alpha', 'Mu', 'Zeta']);
    const desc = (await manager.get(`${base}&ordering=-name&limit=2`)).json();
    expect(desc).toMatchObject({ count: 3, previous: null });
    expect(desc.results.map((m: { name: string }) => m.name)).toEqual(['Zeta', 'Mu']);
    const nextPage = (await manager.get(desc.next)).json();
    expect(nextPage.results.map((m: { name: string }) => m.name)).toEqual(['Alpha']);
    expect(nextPage.next).toBeNull();
    const locked = (await manager.get(`${base}&status=LOCKED`)).json();
    expect(locked.results.map((m: { name: string }) => m.name)).toEqual(['Mu']);
    const search = (await manager.get(`${base}&search=lph`)).json();
    expect(search.results.map((m: { name: string }) => m.name)).toEqual(['Alpha']);
    const type = (await manager.get(`${base}&module_type=IPRE_SHEET`)).json();
    expect(type.count).toBe(0);

    const teacher = await instructorOf(unitId);
    await manager.post('/api/assessments/groups/', {
      name: 'G',
      module: ids[0],
      instructors: [teacher.profile.id],
    });
    const byInstructor = (await manager.get(`${base}&instructor=${teacher.profile.id}`)).json();
    expect(byInstructor.results.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    const instructorClient = await t.client().login(teacher.email, TEST_PASSWORD);
    const seen = (await instructorClient.get('/api/modules/instances/')).json();
    expect(seen.results.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect((await instructorClient.get(`/api/modules/instances/${ids[1]}/`)).statusCode).toBe(404);
  });

  it('shows groups with their instructors on demand, locks, archives and unarchives', async () => {
    const template = await buildTemplate();
    const module = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const teacher = await instructorOf(unitId);
    await manager.post('/api/assessments/groups/', {
      name: 'Groupe 1',
      module: module.id,
      instructors: [teacher.profile.id],
    });
    const plain = (await manager.get(`/api/modules/instances/${module.id}/`)).json();
    expect(plain.groups).toBeUndefined();
    const withGroups = (
      await manager.get(`/api/modules/instances/${module.id}/?with_groups=true`)
    ).json();
    expect(withGroups.groups).toEqual([
      expect.objectContaining({
        name: 'Groupe 1',
        module: module.id,
        instructors: [teacher.profile.id],
        instructor_details: [
          {
            id: teacher.profile.id,
            first_name: teacher.profile.firstName,
            last_name: teacher.profile.lastName,
          },
        ],
      }),
    ]);
    expect(
      (await manager.patch(`/api/modules/instances/${module.id}/`, { status: 'LOCKED' })).json()
        .status,
    ).toBe('LOCKED');
    expect((await manager.post(`/api/modules/instances/${module.id}/archive/`)).json().status).toBe(
      'ARCHIVED',
    );
    const relock = await manager.patch(`/api/modules/instances/${module.id}/`, { status: 'OPEN' });
    expect(relock.statusCode).toBe(400);
    expect(
      (await manager.post(`/api/modules/instances/${module.id}/unarchive/`)).json().status,
    ).toBe('OPEN');
    const archivedStatus = await manager.patch(`/api/modules/instances/${module.id}/`, {
      status: 'ARCHIVED',
    });
    expect(archivedStatus.statusCode).toBe(400);
  });

  it('deletes a module without assessments, and refuses with the reason when it has some', async () => {
    const template = await buildTemplate();
    const empty = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    expect((await manager.delete(`/api/modules/instances/${empty.id}/`)).statusCode).toBe(204);
    const used = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const student = await instructorOf(unitId, 'STUDENT');
    await t.database.db
      .insert(assessments)
      .values({ moduleId: used.id, studentId: student.profile.id });
    const refused = await manager.delete(`/api/modules/instances/${used.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Ce module contient 1 évaluation et ne peut pas être supprimé. Archivez-le plutôt.',
    );
  });
});

describe('assessment groups', () => {
  it('accepts only instructors of the module’s unit', async () => {
    const template = await buildTemplate();
    const module = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const stranger = await instructorOf(otherUnitId);
    const student = await instructorOf(unitId, 'STUDENT');
    for (const person of [stranger, student]) {
      const response = await manager.post('/api/assessments/groups/', {
        name: 'G',
        module: module.id,
        instructors: [person.profile.id],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().instructors).toHaveLength(1);
    }
    const teacher = await instructorOf(unitId);
    const group = await manager.post('/api/assessments/groups/', {
      name: 'G',
      module: module.id,
      instructors: [],
    });
    const patched = await manager.patch(`/api/assessments/groups/${group.json().id}/`, {
      name: 'Groupe du lundi',
      instructors: [teacher.profile.id],
    });
    expect(patched.json()).toMatchObject({
      name: 'Groupe du lundi',
      instructors: [teacher.profile.id],
    });
  });

  it('moves only to a module of the same unit and template', async () => {
    const template = await buildTemplate();
    const other = await buildTemplate('Autre');
    const instanciate = async (templateId: number, body = {}) =>
      (await manager.post(`/api/modules/templates/${templateId}/instanciate/`, body)).json();
    const from = await instanciate(template.id);
    const sameTemplate = await instanciate(template.id);
    const otherTemplate = await instanciate(other.id);
    const group = (
      await manager.post('/api/assessments/groups/', { name: 'G', module: from.id })
    ).json();

    const wrongTemplate = await manager.patch(`/api/assessments/groups/${group.id}/`, {
      module: otherTemplate.id,
    });
    expect(wrongTemplate.statusCode).toBe(400);
    expect(wrongTemplate.json().module).toEqual([
      'Un groupe ne peut être déplacé que vers un module créé à partir du même modèle',
    ]);

    const shared = (
      await manager.post('/api/modules/templates/', {
        template_name: 'S',
        module_type: 'IPRE_SHEET',
        unit: otherUnitId,
      })
    ).json();
    const elsewhere = await instanciate(shared.id);
    const wrongUnit = await manager.patch(`/api/assessments/groups/${group.id}/`, {
      module: elsewhere.id,
    });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json().module).toEqual([
      'Un groupe ne peut être déplacé que vers un module de la même unité',
    ]);

    const moved = await manager.patch(`/api/assessments/groups/${group.id}/`, {
      module: sameTemplate.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().module).toBe(sameTemplate.id);
  });

  it('takes its assessments along, their evaluations pointing to the new module’s criteria', async () => {
    const template = await buildTemplate();
    const from = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const to = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const group = (
      await manager.post('/api/assessments/groups/', { name: 'G', module: from.id })
    ).json();
    const student = await instructorOf(unitId, 'STUDENT');
    const db = t.database.db;
    const [assessment] = await db
      .insert(assessments)
      .values({ moduleId: from.id, groupId: group.id, studentId: student.profile.id })
      .returning();
    const fromCriterion = from.tree[0].criteria[0];
    await db.insert(criterionEvaluations).values({
      assessmentId: assessment!.id,
      criterionId: fromCriterion.id,
      evaluation: 'GOOD',
    });

    const moved = await manager.patch(`/api/assessments/groups/${group.id}/`, { module: to.id });
    expect(moved.statusCode).toBe(200);
    const [after] = await db.select().from(assessments).where(eq(assessments.id, assessment!.id));
    expect(after!.moduleId).toBe(to.id);
    expect(after!.version).toBe(assessment!.version + 1);
    const [evaluation] = await db
      .select({
        moduleId: moduleCriteria.moduleId,
        name: moduleCriteria.name,
        evaluation: criterionEvaluations.evaluation,
      })
      .from(criterionEvaluations)
      .innerJoin(moduleCriteria, eq(moduleCriteria.id, criterionEvaluations.criterionId))
      .where(eq(criterionEvaluations.assessmentId, assessment!.id));
    expect(evaluation).toEqual({ moduleId: to.id, name: fromCriterion.name, evaluation: 'GOOD' });
  });

  it('refuses to move assessments between modules frozen from different versions of the template', async () => {
    const template = await buildTemplate();
    const from = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    await manager.patch(`/api/assessments/blocks/templates/${template.tree[0].id}/`, {
      coefficient: '3',
    });
    const to = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const group = (
      await manager.post('/api/assessments/groups/', { name: 'G', module: from.id })
    ).json();
    const student = await instructorOf(unitId, 'STUDENT');
    await t.database.db
      .insert(assessments)
      .values({ moduleId: from.id, groupId: group.id, studentId: student.profile.id });
    const refused = await manager.patch(`/api/assessments/groups/${group.id}/`, {
      module: to.id,
      name: 'Changed',
    });
    expect(refused.statusCode).toBe(409);
    const unchanged = (await manager.get(`/api/assessments/groups/${group.id}/`)).json();
    expect(unchanged).toMatchObject({ module: from.id, name: 'G' });
  });

  it('deletes an empty group and refuses one with assessments', async () => {
    const template = await buildTemplate();
    const module = (
      await manager.post(`/api/modules/templates/${template.id}/instanciate/`, {})
    ).json();
    const empty = (
      await manager.post('/api/assessments/groups/', { name: 'E', module: module.id })
    ).json();
    expect((await manager.delete(`/api/assessments/groups/${empty.id}/`)).statusCode).toBe(204);
    const full = (
      await manager.post('/api/assessments/groups/', { name: 'F', module: module.id })
    ).json();
    const student = await instructorOf(unitId, 'STUDENT');
    await t.database.db
      .insert(assessments)
      .values({ moduleId: module.id, groupId: full.id, studentId: student.profile.id });
    expect((await manager.delete(`/api/assessments/groups/${full.id}/`)).statusCode).toBe(409);
  });
});

it('keeps shared templates (no unit) to ADMIN while every template reader reads them', async () => {
  const [shared] = await t.database.db
    .insert(moduleTemplates)
    .values({ templateName: 'Modèle commun', moduleType: 'TRAINING_PLAN', unitId: null })
    .returning();
  expect((await manager.get(`/api/modules/templates/${shared!.id}/`)).statusCode).toBe(200);
  expect(
    (await manager.patch(`/api/modules/templates/${shared!.id}/`, { description: 'x' })).statusCode,
  ).toBe(403);
  const created = await manager.post('/api/modules/templates/', {
    template_name: 'N',
    module_type: 'TRAINING_PLAN',
  });
  expect(created.statusCode).toBe(400);
  const module = await manager.post(`/api/modules/templates/${shared!.id}/instanciate/`, {
    unit: unitId,
  });
  expect(module.statusCode).toBe(201);
  expect(module.json().unit).toBe(unitId);
});

it('lets ADMIN create and change a shared template (no unit)', async () => {
  const { email } = await createPerson(t.database.db, { roles: [{ role: 'ADMIN', unitId: null }] });
  const admin = await t.client().login(email, TEST_PASSWORD);
  const created = await admin.post('/api/modules/templates/', {
    template_name: 'Plan de formation commun',
    module_type: 'TRAINING_PLAN',
    unit: null,
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ unit: null, permissions: { change: true } });
  const changed = await admin.patch(`/api/modules/templates/${created.json().id}/`, {
    graded: false,
  });
  expect(changed.json()).toMatchObject({ graded: false, version: 2 });
  const seenByManager = (await manager.get('/api/modules/templates/?search=commun')).json();
  expect(seenByManager.results.map((r: { id: number }) => r.id)).toContain(created.json().id);
  expect(seenByManager.results[0].permissions).toEqual({
    change: false,
    delete: false,
    archive: false,
  });
});
