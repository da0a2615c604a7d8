/**
 * Bad input on every POST and PATCH of templates, blocks, criteria, modules, groups and cohorts:
 * 400 with field messages in the request language, and the database unchanged. Also: the
 * OpenAPI document describes these routes, and every accepted change lands in the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditTrail } from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';
import { peopleCounts, signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
let client: ApiClient;
let ids: {
  template: number;
  block: number;
  criterion: number;
  module: number;
  group: number;
  cohort: number;
};

const TABLES = [
  'module_templates',
  'criterion_block_templates',
  'criterion_templates',
  'modules',
  'module_blocks',
  'module_criteria',
  'assessment_groups',
  'group_instructors',
  'cohorts',
  'cohort_students',
];

async function counts() {
  const result: Record<string, number> = { ...(await peopleCounts(t.database.db)) };
  for (const table of TABLES) {
    const rows = (await t.database.db.execute(
      `select count(*)::int as n from ${table}`,
    )) as unknown as { rows: { n: number }[] } | { n: number }[];
    result[table] = Number((Array.isArray(rows) ? rows : rows.rows)[0]!.n);
  }
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  const unit = await createUnit(t.database.db);
  ({ client } = await signedInAs(t, 'UNIT_ADMIN', unit.id));
  const template = (
    await client.post('/api/modules/templates/', {
      template_name: 'T',
      module_type: 'IPRE_SHEET',
      unit: unit.id,
    })
  ).json();
  const block = (
    await client.post('/api/assessments/blocks/templates/', { template: template.id, name: 'B' })
  ).json();
  const criterion = (
    await client.post('/api/assessments/criteria/templates/', {
      block: block.id,
      name: 'C',
      preset: 'EVALUATION',
    })
  ).json();
  const module = (await client.post(`/api/modules/templates/${template.id}/instanciate/`)).json();
  const group = (
    await client.post('/api/assessments/groups/', { name: 'G', module: module.id })
  ).json();
  const cohort = (await client.post('/api/cohorts/', { name: 'C', unit: unit.id })).json();
  ids = {
    template: template.id,
    block: block.id,
    criterion: criterion.id,
    module: module.id,
    group: group.id,
    cohort: cohort.id,
  };
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
type Case = [string, 'POST' | 'PATCH', () => string, Body | (() => Body), Record<string, string[]>];
// expected messages in German, the request language of these cases
const CASES: Case[] = [
  [
    'template without name, with a wrong type',
    'POST',
    () => '/api/modules/templates/',
    { module_type: 'X', graded: 'yes' },
    {
      template_name: ['Dieses Feld ist erforderlich'],
      module_type: ['Ungültige Auswahl'],
      graded: ['Ungültiger Wert'],
    },
  ],
  [
    'template name too long',
    'PATCH',
    () => `/api/modules/templates/${ids.template}/`,
    { template_name: 'x'.repeat(201) },
    { template_name: ['Sie dürfen höchstens 200 Zeichen eingeben'] },
  ],
  [
    'template with an unknown unit',
    'POST',
    () => '/api/modules/templates/',
    { template_name: 'T', module_type: 'IPRE_SHEET', unit: 999999 },
    { unit: ['Dieses Objekt existiert nicht'] },
  ],
  [
    'block in an unknown template',
    'POST',
    () => '/api/assessments/blocks/templates/',
    { template: 999999, name: 'B' },
    { template: ['Dieses Objekt existiert nicht'] },
  ],
  [
    'block with a bad coefficient and colour',
    'PATCH',
    () => `/api/assessments/blocks/templates/${ids.block}/`,
    { coefficient: 'abc', reference_color: 'red' },
    {
      coefficient: ['Dieses Feld darf nur Zahlen enthalten'],
      reference_color: ['Ungültiges Format'],
    },
  ],
  [
    'block under itself',
    'PATCH',
    () => `/api/assessments/blocks/templates/${ids.block}/`,
    () => ({ parent: ids.block }),
    { parent: ['Ein Block kann nicht in sich selbst oder in seine Unterblöcke verschoben werden'] },
  ],
  [
    'criterion with an unknown preset and flag',
    'POST',
    () => '/api/assessments/criteria/templates/',
    () => ({ block: ids.block, name: 'C', preset: 'NOPE', flags: ['FLYING'] }),
    { preset: ['Ungültige Auswahl'], 'flags.0': ['Ungültige Auswahl'] },
  ],
  [
    'criterion with a letter scale upside down',
    'PATCH',
    () => `/api/assessments/criteria/templates/${ids.criterion}/`,
    { letter_evaluation: { min: 'F', max: 'A' } },
    { 'letter_evaluation.max': ['Der höchste Buchstabe darf nicht vor dem tiefsten stehen'] },
  ],
  [
    'progression flags on a criterion without progression',
    'PATCH',
    () => `/api/assessments/criteria/templates/${ids.criterion}/`,
    { flags: ['OBSERVED'] },
    { flags: ['Fortschrittsstufen setzen ein Kriterium mit Fortschritt voraus'] },
  ],
  [
    'module with a bad date and status',
    'PATCH',
    () => `/api/modules/instances/${ids.module}/`,
    { start_date: '31.12.2026', status: 'CLOSED' },
    { start_date: ['Ungültiges Format'], status: ['Ungültige Auswahl'] },
  ],
  [
    'instanciate with an unknown cohort',
    'POST',
    () => `/api/modules/templates/${ids.template}/instanciate/`,
    { cohort: 999999 },
    { cohort: ['Dieses Objekt existiert nicht'] },
  ],
  [
    'group without name in an unknown module',
    'POST',
    () => '/api/assessments/groups/',
    { module: 999999, instructors: ['a'] },
    {
      name: ['Dieses Feld ist erforderlich'],
      'instructors.0': ['Dieses Feld darf nur Zahlen enthalten'],
    },
  ],
  [
    'group with an unknown instructor',
    'PATCH',
    () => `/api/assessments/groups/${ids.group}/`,
    { instructors: [999999] },
    {
      instructors: [
        'Jede Lehrperson muss in der Einheit des Moduls Ausbildner/in, Berufsbildner/in im Betrieb oder Kursverantwortliche/r sein',
      ],
    },
  ],
  [
    'cohort with an empty name',
    'PATCH',
    () => `/api/cohorts/${ids.cohort}/`,
    { name: '   ' },
    { name: ['Dieses Feld ist erforderlich'] },
  ],
  [
    'cohort with students that are not ids',
    'PATCH',
    () => `/api/cohorts/${ids.cohort}/`,
    { students: 'all' },
    { students: ['Ungültiger Wert'] },
  ],
];

describe('bad input', () => {
  it.each(CASES)(
    '%s → 400 with field messages, nothing saved',
    async (_name, method, url, body, expected) => {
      const before = await counts();
      client.language = 'de';
      const response = await client.request(
        method,
        url(),
        typeof body === 'function' ? body() : body,
      );
      client.language = 'fr';
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
      expect(await counts()).toEqual(before);
    },
  );
});

it('records every accepted change in the audit trail', async () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['PATCH', `/api/modules/templates/${ids.template}/`, { description: 'neu' }],
    ['PATCH', `/api/assessments/blocks/templates/${ids.block}/`, { name: 'B2' }],
    ['PATCH', `/api/assessments/criteria/templates/${ids.criterion}/`, { name: 'C2' }],
    ['PATCH', `/api/modules/instances/${ids.module}/`, { name: 'M2' }],
    ['PATCH', `/api/assessments/groups/${ids.group}/`, { name: 'G2' }],
    ['PATCH', `/api/cohorts/${ids.cohort}/`, { name: 'C2' }],
  ];
  for (const [method, url, body] of calls) {
    const before = await t.database.db.select().from(auditTrail);
    const response = await client.request(method as 'PATCH', url, body);
    expect(response.statusCode).toBe(200);
    const after = await t.database.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.action, 'change'));
    expect(after.length).toBe(before.filter((row) => row.action === 'change').length + 1);
    expect(after.at(-1)!.newValue).toEqual(body);
  }
});

it('describes these routes in the OpenAPI document', async () => {
  const response = await client.get('/api/docs/json');
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  for (const path of [
    '/api/modules/templates/',
    '/api/modules/templates/{id}/duplicate/',
    '/api/assessments/blocks/templates/{id}/',
    '/api/modules/instances/{id}/',
    '/api/assessments/groups/{id}/',
    '/api/cohorts/',
  ])
    expect(paths).toContain(path);
});
