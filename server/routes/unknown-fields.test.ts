import { afterAll, beforeAll, expect, it } from 'vitest';
import { criterionBlockTemplates } from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';
import { signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
let client: ApiClient;
let template: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  const unit = await createUnit(t.database.db);
  ({ client } = await signedInAs(t, 'UNIT_ADMIN', unit.id));
  template = (
    await client.post('/api/modules/templates/', {
      template_name: 'T',
      module_type: 'IPRE_SHEET',
      unit: unit.id,
    })
  ).json();
});
afterAll(() => t.close());

it('refuses a body field the route does not take, by name, and creates nothing', async () => {
  const before = await t.database.db.select().from(criterionBlockTemplates);
  // both lists belong to the tree save, not to a block's creation: they were dropped in silence
  const response = await client.post('/api/assessments/blocks/templates/', {
    template: template.id,
    name: 'B',
    criterion_templates: [1],
    criterion_block_templates: [2],
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    criterion_templates: ['Champ inconnu'],
    criterion_block_templates: ['Champ inconnu'],
  });
  expect(await t.database.db.select().from(criterionBlockTemplates)).toEqual(before);
});

it('names an unknown field inside a nested object by its path', async () => {
  const response = await client.request('PUT', `/api/modules/templates/${template.id}/tree/`, {
    blocks: [{ id: 'temp-1', name: 'B', colour: 'red' }],
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ 'blocks.0.colour': ['Champ inconnu'] });
});
