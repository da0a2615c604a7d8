/**
 * The authorization matrix extended to templates, blocks, criteria, modules, assessment groups and
 * cohorts: every endpoint × every role × an object in the actor's unit (and, for modules and
 * groups, one whose group the actor instructs) or in another unit. Expected statuses are data
 * written from domain.md's table, not computed by the code under test: 404 outside what the role
 * may see, 403 when it sees but may not act, 400 when a body names an object out of its reach.
 *
 * The actor holds its role in unit A (ADMIN: no unit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../domain/constants.ts';
import {
  assessmentGroups,
  cohorts,
  criterionBlockTemplates,
  criterionTemplates,
  groupInstructors,
  modules,
  moduleTemplates,
} from '../../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../app.ts';
import { createUnit } from '../factories.ts';
import { signedInAs } from '../people-helpers.ts';

let t: TestApp;
let unitA: number;
let unitB: number;
const actors = {} as Record<Role, { client: ApiClient; profileId: number }>;

beforeAll(async () => {
  t = await createTestApp();
  unitA = (await createUnit(t.database.db)).id;
  unitB = (await createUnit(t.database.db)).id;
  for (const role of ROLES) {
    const { client, person } = await signedInAs(t, role, unitA);
    actors[role] = { client, profileId: person.profile.id };
  }
});
afterAll(() => t.close());

type Where = 'ownUnit' | 'otherUnit';
type ModuleWhere = 'ownGroup' | 'ownUnit' | 'otherUnit';
const unitOf = (where: Where | ModuleWhere) => (where === 'otherUnit' ? unitB : unitA);

async function templateIn(where: Where) {
  const db = t.database.db;
  const [template] = await db
    .insert(moduleTemplates)
    .values({ templateName: 'T', moduleType: 'INTERCOMPANY_COURSE', unitId: unitOf(where) })
    .returning();
  const [block] = await db
    .insert(criterionBlockTemplates)
    .values({ templateId: template!.id, name: 'B' })
    .returning();
  const [criterion] = await db
    .insert(criterionTemplates)
    .values({ blockId: block!.id, name: 'C', hasEvaluation: true })
    .returning();
  const [empty] = await db
    .insert(criterionBlockTemplates)
    .values({ templateId: template!.id, name: 'E' })
    .returning();
  return { template: template!.id, block: block!.id, criterion: criterion!.id, empty: empty!.id };
}

/** A module with one group; in "ownGroup" the actor instructs that group. */
async function moduleIn(where: ModuleWhere, role: Role) {
  const db = t.database.db;
  const { template } = await templateIn(where === 'otherUnit' ? 'otherUnit' : 'ownUnit');
  const [module] = await db
    .insert(modules)
    .values({
      name: 'M',
      templateId: template,
      moduleType: 'INTERCOMPANY_COURSE',
      unitId: unitOf(where),
    })
    .returning();
  const [group] = await db
    .insert(assessmentGroups)
    .values({ moduleId: module!.id, name: 'G' })
    .returning();
  if (where === 'ownGroup')
    await db
      .insert(groupInstructors)
      .values({ groupId: group!.id, instructorId: actors[role].profileId });
  return { module: module!.id, group: group!.id };
}

async function cohortIn(where: Where) {
  const [cohort] = await t.database.db
    .insert(cohorts)
    .values({ name: 'C', unitId: unitOf(where) })
    .returning();
  return cohort!.id;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
}

async function send(role: Role, call: Call) {
  const response = await actors[role].client.request(call.method, call.url, call.body);
  return response.statusCode;
}

const MANAGERS_ONLY = (ok: number, blocked: number) => ({
  ADMIN: [ok, ok],
  UNIT_ADMIN: [ok, blocked],
  COURSE_MANAGER: [ok, blocked],
  INSTRUCTOR: [blocked, blocked],
  ENTERPRISE_INSTRUCTOR: [blocked, blocked],
  STUDENT: [blocked, blocked],
  LEGAL_REPRESENTATIVE: [blocked, blocked],
});

//                                                ownUnit otherUnit
const TEMPLATE_CASES: [
  string,
  Record<Role, number[]>,
  (ids: Awaited<ReturnType<typeof templateIn>>) => Call,
][] = [
  [
    'read a template',
    MANAGERS_ONLY(200, 404),
    (o) => ({ method: 'GET', url: `/api/modules/templates/${o.template}/` }),
  ],
  [
    'change a template',
    MANAGERS_ONLY(200, 404),
    (o) => ({
      method: 'PATCH',
      url: `/api/modules/templates/${o.template}/`,
      body: { description: 'x' },
    }),
  ],
  [
    'archive a template',
    MANAGERS_ONLY(200, 404),
    (o) => ({ method: 'POST', url: `/api/modules/templates/${o.template}/archive/` }),
  ],
  [
    'unarchive a template',
    MANAGERS_ONLY(200, 404),
    (o) => ({ method: 'POST', url: `/api/modules/templates/${o.template}/unarchive/` }),
  ],
  [
    'delete a template',
    MANAGERS_ONLY(204, 404),
    (o) => ({ method: 'DELETE', url: `/api/modules/templates/${o.template}/` }),
  ],
  [
    'duplicate a template',
    MANAGERS_ONLY(201, 404),
    (o) => ({ method: 'POST', url: `/api/modules/templates/${o.template}/duplicate/` }),
  ],
  [
    'instanciate a template',
    MANAGERS_ONLY(201, 404),
    (o) => ({ method: 'POST', url: `/api/modules/templates/${o.template}/instanciate/` }),
  ],
  [
    'add a block',
    MANAGERS_ONLY(201, 400),
    (o) => ({
      method: 'POST',
      url: '/api/assessments/blocks/templates/',
      body: { template: o.template, name: 'N' },
    }),
  ],
  [
    'read a block',
    MANAGERS_ONLY(200, 404),
    (o) => ({ method: 'GET', url: `/api/assessments/blocks/templates/${o.block}/` }),
  ],
  [
    'change a block',
    MANAGERS_ONLY(200, 404),
    (o) => ({
      method: 'PATCH',
      url: `/api/assessments/blocks/templates/${o.block}/`,
      body: { name: 'N' },
    }),
  ],
  [
    'delete a block',
    MANAGERS_ONLY(204, 404),
    (o) => ({ method: 'DELETE', url: `/api/assessments/blocks/templates/${o.block}/` }),
  ],
  [
    'add a criterion',
    MANAGERS_ONLY(201, 400),
    (o) => ({
      method: 'POST',
      url: '/api/assessments/criteria/templates/',
      body: { block: o.empty, name: 'N', preset: 'GRADE' },
    }),
  ],
  [
    'change a criterion',
    MANAGERS_ONLY(200, 404),
    (o) => ({
      method: 'PATCH',
      url: `/api/assessments/criteria/templates/${o.criterion}/`,
      body: { name: 'N' },
    }),
  ],
  [
    'delete a criterion',
    MANAGERS_ONLY(204, 404),
    (o) => ({ method: 'DELETE', url: `/api/assessments/criteria/templates/${o.criterion}/` }),
  ],
];

describe.each(TEMPLATE_CASES)('%s', (_name, expected, call) => {
  it.each(ROLES)('as %s', async (role) => {
    const statuses = [];
    for (const where of ['ownUnit', 'otherUnit'] as const)
      statuses.push(await send(role, call(await templateIn(where))));
    expect(statuses).toEqual(expected[role]);
  });
});

describe('create a template', () => {
  const expected: Record<Role, number[]> = {
    ...MANAGERS_ONLY(201, 400),
    ...{
      INSTRUCTOR: [403, 403],
      ENTERPRISE_INSTRUCTOR: [403, 403],
      STUDENT: [403, 403],
      LEGAL_REPRESENTATIVE: [403, 403],
    },
  };
  it.each(ROLES)('as %s', async (role) => {
    const statuses = [];
    for (const where of ['ownUnit', 'otherUnit'] as const)
      statuses.push(
        await send(role, {
          method: 'POST',
          url: '/api/modules/templates/',
          body: { template_name: 'N', module_type: 'IPRE_SHEET', unit: unitOf(where) },
        }),
      );
    expect(statuses).toEqual(expected[role]);
  });
});

// modules and groups: ownGroup (a group the actor instructs, in unit A), ownUnit, otherUnit
const TRAINERS_READ = {
  ADMIN: [200, 200, 200],
  UNIT_ADMIN: [200, 200, 404],
  COURSE_MANAGER: [200, 200, 404],
  INSTRUCTOR: [200, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404],
  STUDENT: [404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404],
};
const MANAGERS_ACT = (ok: number) => ({
  ADMIN: [ok, ok, ok],
  UNIT_ADMIN: [ok, ok, 404],
  COURSE_MANAGER: [ok, ok, 404],
  INSTRUCTOR: [403, 404, 404],
  ENTERPRISE_INSTRUCTOR: [403, 404, 404],
  STUDENT: [404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404],
});

const MODULE_CASES: [
  string,
  Record<Role, number[]>,
  (ids: { module: number; group: number }) => Call,
][] = [
  [
    'read a module',
    TRAINERS_READ,
    (o) => ({ method: 'GET', url: `/api/modules/instances/${o.module}/?with_groups=true` }),
  ],
  [
    'change a module',
    MANAGERS_ACT(200),
    (o) => ({
      method: 'PATCH',
      url: `/api/modules/instances/${o.module}/`,
      body: { status: 'LOCKED' },
    }),
  ],
  [
    'archive a module',
    MANAGERS_ACT(200),
    (o) => ({ method: 'POST', url: `/api/modules/instances/${o.module}/archive/` }),
  ],
  [
    'unarchive a module',
    MANAGERS_ACT(200),
    (o) => ({ method: 'POST', url: `/api/modules/instances/${o.module}/unarchive/` }),
  ],
  [
    'delete a module',
    MANAGERS_ACT(204),
    (o) => ({ method: 'DELETE', url: `/api/modules/instances/${o.module}/` }),
  ],
  [
    'add a group',
    {
      ...MANAGERS_ACT(201),
      UNIT_ADMIN: [201, 201, 400],
      COURSE_MANAGER: [201, 201, 400],
      INSTRUCTOR: [403, 400, 400],
      ENTERPRISE_INSTRUCTOR: [403, 400, 400],
      STUDENT: [400, 400, 400],
      LEGAL_REPRESENTATIVE: [400, 400, 400],
    },
    (o) => ({
      method: 'POST',
      url: '/api/assessments/groups/',
      body: { name: 'N', module: o.module },
    }),
  ],
  [
    'read a group',
    TRAINERS_READ,
    (o) => ({ method: 'GET', url: `/api/assessments/groups/${o.group}/` }),
  ],
  [
    'change a group',
    MANAGERS_ACT(200),
    (o) => ({ method: 'PATCH', url: `/api/assessments/groups/${o.group}/`, body: { name: 'N' } }),
  ],
  [
    'delete a group',
    MANAGERS_ACT(204),
    (o) => ({ method: 'DELETE', url: `/api/assessments/groups/${o.group}/` }),
  ],
];

describe.each(MODULE_CASES)('%s', (_name, expected, call) => {
  it.each(ROLES)('as %s', async (role) => {
    const statuses = [];
    for (const where of ['ownGroup', 'ownUnit', 'otherUnit'] as const)
      statuses.push(await send(role, call(await moduleIn(where, role))));
    expect(statuses).toEqual(expected[role]);
  });
});

const COHORT_READ = { ...MANAGERS_ONLY(200, 404), INSTRUCTOR: [200, 404] };
const COHORT_ACT = (ok: number) => ({ ...MANAGERS_ONLY(ok, 404), INSTRUCTOR: [403, 404] });
const COHORT_CASES: [string, Record<Role, number[]>, (id: number) => Call][] = [
  ['read a cohort', COHORT_READ, (id) => ({ method: 'GET', url: `/api/cohorts/${id}/` })],
  [
    'rename a cohort',
    COHORT_ACT(200),
    (id) => ({ method: 'PATCH', url: `/api/cohorts/${id}/`, body: { name: 'N' } }),
  ],
  [
    'archive a cohort',
    COHORT_ACT(200),
    (id) => ({ method: 'POST', url: `/api/cohorts/${id}/archive/` }),
  ],
  [
    'unarchive a cohort',
    COHORT_ACT(200),
    (id) => ({ method: 'POST', url: `/api/cohorts/${id}/unarchive/` }),
  ],
  ['delete a cohort', COHORT_ACT(204), (id) => ({ method: 'DELETE', url: `/api/cohorts/${id}/` })],
];

describe.each(COHORT_CASES)('%s', (_name, expected, call) => {
  it.each(ROLES)('as %s', async (role) => {
    const statuses = [];
    for (const where of ['ownUnit', 'otherUnit'] as const)
      statuses.push(await send(role, call(await cohortIn(where))));
    expect(statuses).toEqual(expected[role]);
  });
});

describe('create a cohort', () => {
  const expected: Record<Role, number[]> = {
    ...MANAGERS_ONLY(201, 400),
    INSTRUCTOR: [403, 403],
    ENTERPRISE_INSTRUCTOR: [403, 403],
    STUDENT: [403, 403],
    LEGAL_REPRESENTATIVE: [403, 403],
  };
  it.each(ROLES)('as %s', async (role) => {
    const statuses = [];
    for (const where of ['ownUnit', 'otherUnit'] as const)
      statuses.push(
        await send(role, {
          method: 'POST',
          url: '/api/cohorts/',
          body: { name: 'N', unit: unitOf(where) },
        }),
      );
    expect(statuses).toEqual(expected[role]);
  });
});

/** Lists never hold what their reader may not see: which of the fresh objects each role finds. */
describe('lists', () => {
  //                      template: own other | module: ownGroup ownUnit other | cohort: own other
  const SEES: Record<Role, { templates: boolean[]; modules: boolean[]; cohorts: boolean[] }> = {
    ADMIN: { templates: [true, true], modules: [true, true, true], cohorts: [true, true] },
    UNIT_ADMIN: { templates: [true, false], modules: [true, true, false], cohorts: [true, false] },
    COURSE_MANAGER: {
      templates: [true, false],
      modules: [true, true, false],
      cohorts: [true, false],
    },
    INSTRUCTOR: {
      templates: [false, false],
      modules: [true, false, false],
      cohorts: [true, false],
    },
    ENTERPRISE_INSTRUCTOR: {
      templates: [false, false],
      modules: [true, false, false],
      cohorts: [false, false],
    },
    STUDENT: { templates: [false, false], modules: [false, false, false], cohorts: [false, false] },
    LEGAL_REPRESENTATIVE: {
      templates: [false, false],
      modules: [false, false, false],
      cohorts: [false, false],
    },
  };
  const idsIn = async (role: Role, url: string) => {
    const response = await actors[role].client.get(`${url}?limit=1000`);
    expect(response.statusCode).toBe(200);
    return new Set(response.json().results.map((r: { id: number }) => r.id));
  };

  it.each(ROLES)('as %s', async (role) => {
    const templates = [
      (await templateIn('ownUnit')).template,
      (await templateIn('otherUnit')).template,
    ];
    const moduleIds = [];
    for (const where of ['ownGroup', 'ownUnit', 'otherUnit'] as const)
      moduleIds.push((await moduleIn(where, role)).module);
    const cohortIds = [await cohortIn('ownUnit'), await cohortIn('otherUnit')];
    const seenTemplates = await idsIn(role, '/api/modules/templates/');
    const seenModules = await idsIn(role, '/api/modules/instances/');
    const seenCohorts = await idsIn(role, '/api/cohorts/');
    expect({
      templates: templates.map((id) => seenTemplates.has(id)),
      modules: moduleIds.map((id) => seenModules.has(id)),
      cohorts: cohortIds.map((id) => seenCohorts.has(id)),
    }).toEqual(SEES[role]);
  });
});
