/**
 * The authorization matrix of the Foundation issue: every endpoint × every role × an object in the
 * actor's unit, in another unit, and the actor's own record. The expected statuses are written
 * here as data, from domain.md's table and the refinements documented in server/policies
 * (people-rules.ts): they are not computed by the code under test.
 *
 * The actor holds its role in unit A (ADMIN: no unit). "ownUnit" is a student of unit A (for units:
 * unit A), "otherUnit" a student of unit B (unit B), "own" the actor's own profile/assignment/login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../domain/constants.ts';
import { assignments } from '../../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../factories.ts';
import { signedInAs } from '../people-helpers.ts';

type Column = 'ownUnit' | 'otherUnit' | 'own';
type Row = [ownUnit: number, otherUnit: number, own: number];
type Person = Awaited<ReturnType<typeof createPerson>>;

let t: TestApp;
let unitA: { id: number };
let unitB: { id: number };
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  unitA = await createUnit(t.database.db);
  unitB = await createUnit(t.database.db);
});
afterAll(() => t.close());

interface Case {
  actor: Person;
  column: Column;
}
interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
}

const unitOf = (column: Column) => (column === 'otherUnit' ? unitB.id : unitA.id);

/** The person an object-level call is about. */
async function subject({ actor, column }: Case, withUser = true): Promise<Person> {
  if (column === 'own') return actor;
  return createPerson(t.database.db, {
    withUser,
    roles: [{ role: 'STUDENT', unitId: unitOf(column) }],
  });
}

async function firstAssignmentId(person: Person) {
  const [row] = await t.database.db
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.profileId, person.profile.id));
  return row!.id;
}

const EVERYONE = (status: number) =>
  Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>;

//                                     ownUnit otherUnit own
const READ_PROFILE: Record<Role, Row> = {
  ADMIN: [200, 200, 200],
  UNIT_ADMIN: [200, 404, 200],
  COURSE_MANAGER: [200, 404, 200],
  INSTRUCTOR: [404, 404, 200],
  ENTERPRISE_INSTRUCTOR: [404, 404, 200],
  STUDENT: [404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 200],
};
// listProfile / add / change / archive / invite: ADMIN all, UNIT_ADMIN unit, COURSE_MANAGER unit
// (students, instructors): a course manager may not change their own COURSE_MANAGER profile
const CHANGE_PROFILE: Record<Role, Row> = {
  ADMIN: [200, 200, 200],
  UNIT_ADMIN: [200, 404, 200],
  COURSE_MANAGER: [200, 404, 403],
  INSTRUCTOR: [404, 404, 403],
  ENTERPRISE_INSTRUCTOR: [404, 404, 403],
  STUDENT: [404, 404, 403],
  LEGAL_REPRESENTATIVE: [404, 404, 403],
};
// delete profile, add/delete assignment, (de)activate user: ADMIN all, UNIT_ADMIN unit;
// nobody deletes their own profile or assignments
const DELETE_OWN_UNIT: Record<Role, Row> = {
  ADMIN: [204, 204, 403],
  UNIT_ADMIN: [204, 404, 403],
  COURSE_MANAGER: [403, 404, 403],
  INSTRUCTOR: [404, 404, 403],
  ENTERPRISE_INSTRUCTOR: [404, 404, 403],
  STUDENT: [404, 404, 403],
  LEGAL_REPRESENTATIVE: [404, 404, 403],
};
const NO_PERMISSION: Row = [403, 403, 403];
// units (ownUnit, otherUnit): readable by whoever holds an assignment in them, changed by ADMIN
const READ_UNIT: Record<Role, [number, number]> = {
  ADMIN: [200, 200],
  UNIT_ADMIN: [200, 404],
  COURSE_MANAGER: [200, 404],
  INSTRUCTOR: [200, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404],
  STUDENT: [200, 404],
  LEGAL_REPRESENTATIVE: [200, 404],
};
const CHANGE_UNIT: Record<Role, [number, number]> = {
  ADMIN: [200, 200],
  UNIT_ADMIN: [403, 404],
  COURSE_MANAGER: [403, 404],
  INSTRUCTOR: [403, 404],
  ENTERPRISE_INSTRUCTOR: [403, 404],
  STUDENT: [403, 404],
  LEGAL_REPRESENTATIVE: [403, 404],
};

interface Endpoint {
  name: string;
  columns: readonly Column[];
  expected: Record<Role, readonly number[]>;
  call(c: Case): Promise<Call>;
}

const OBJECT_ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /profiles/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: READ_PROFILE,
    call: async (c) => ({ method: 'GET', url: `/api/profiles/${(await subject(c)).profile.id}/` }),
  },
  {
    name: 'PATCH /profiles/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: CHANGE_PROFILE,
    call: async (c) => ({
      method: 'PATCH',
      url: `/api/profiles/${(await subject(c)).profile.id}/`,
      body: { first_name: 'Renamed' },
    }),
  },
  {
    name: 'POST /profiles/{id}/archive/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: CHANGE_PROFILE,
    call: async (c) => ({
      method: 'POST',
      url: `/api/profiles/${(await subject(c)).profile.id}/archive/`,
    }),
  },
  {
    name: 'POST /profiles/{id}/unarchive/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: CHANGE_PROFILE,
    call: async (c) => ({
      method: 'POST',
      url: `/api/profiles/${(await subject(c)).profile.id}/unarchive/`,
    }),
  },
  {
    name: 'DELETE /profiles/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: DELETE_OWN_UNIT,
    call: async (c) => ({
      method: 'DELETE',
      url: `/api/profiles/${(await subject(c)).profile.id}/`,
    }),
  },
  {
    // a body reference out of reach is a 400 on the field; the ADMIN's own profile has no unit
    name: 'POST /profiles/invite/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: {
      ADMIN: [200, 200, 400],
      UNIT_ADMIN: [200, 400, 200],
      COURSE_MANAGER: [200, 400, 403],
      INSTRUCTOR: NO_PERMISSION,
      ENTERPRISE_INSTRUCTOR: NO_PERMISSION,
      STUDENT: NO_PERMISSION,
      LEGAL_REPRESENTATIVE: NO_PERMISSION,
    },
    call: async (c) => ({
      method: 'POST',
      url: '/api/profiles/invite/',
      body: { profile: (await subject(c)).profile.id, unit: unitOf(c.column) },
    }),
  },
  {
    name: 'GET /assignments/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: READ_PROFILE,
    call: async (c) => ({
      method: 'GET',
      url: `/api/assignments/${await firstAssignmentId(await subject(c))}/`,
    }),
  },
  {
    name: 'DELETE /assignments/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: DELETE_OWN_UNIT,
    call: async (c) => ({
      method: 'DELETE',
      url: `/api/assignments/${await firstAssignmentId(await subject(c))}/`,
    }),
  },
  {
    name: 'POST /assignments/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: {
      ADMIN: [201, 201, 201],
      UNIT_ADMIN: [201, 400, 201],
      COURSE_MANAGER: NO_PERMISSION,
      INSTRUCTOR: NO_PERMISSION,
      ENTERPRISE_INSTRUCTOR: NO_PERMISSION,
      STUDENT: NO_PERMISSION,
      LEGAL_REPRESENTATIVE: NO_PERMISSION,
    },
    call: async (c) => ({
      method: 'POST',
      url: '/api/assignments/',
      body: { profile: (await subject(c)).profile.id, unit: unitOf(c.column), role: 'INSTRUCTOR' },
    }),
  },
  {
    name: 'GET /users/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: READ_PROFILE,
    call: async (c) => ({ method: 'GET', url: `/api/users/${(await subject(c)).user!.id}/` }),
  },
  {
    name: 'PATCH /users/{id}/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: {
      ADMIN: [200, 200, 200],
      UNIT_ADMIN: [200, 404, 200],
      COURSE_MANAGER: [403, 404, 403],
      INSTRUCTOR: [404, 404, 403],
      ENTERPRISE_INSTRUCTOR: [404, 404, 403],
      STUDENT: [404, 404, 403],
      LEGAL_REPRESENTATIVE: [404, 404, 403],
    },
    call: async (c) => ({
      method: 'PATCH',
      url: `/api/users/${(await subject(c)).user!.id}/`,
      body: { is_active: true },
    }),
  },
  {
    // the own profile already has a login: 400 on `profile` for those allowed to register
    name: 'POST /users/register/',
    columns: ['ownUnit', 'otherUnit', 'own'],
    expected: {
      ADMIN: [201, 201, 400],
      UNIT_ADMIN: [201, 400, 400],
      COURSE_MANAGER: NO_PERMISSION,
      INSTRUCTOR: NO_PERMISSION,
      ENTERPRISE_INSTRUCTOR: NO_PERMISSION,
      STUDENT: NO_PERMISSION,
      LEGAL_REPRESENTATIVE: NO_PERMISSION,
    },
    call: async (c) => ({
      method: 'POST',
      url: '/api/users/register/',
      body: {
        email: `registered${++serial}@example.ch`,
        profile: (await subject(c, false)).profile.id,
      },
    }),
  },
  {
    // units are readable by whoever holds an assignment in them
    name: 'GET /units/{id}/',
    columns: ['ownUnit', 'otherUnit'],
    expected: READ_UNIT,
    call: async (c) => ({ method: 'GET', url: `/api/units/${unitOf(c.column)}/` }),
  },
  {
    name: 'PATCH /units/{id}/',
    columns: ['ownUnit', 'otherUnit'],
    expected: CHANGE_UNIT,
    call: async (c) => ({
      method: 'PATCH',
      url: `/api/units/${unitOf(c.column)}/`,
      body: { name: `Unit renamed ${++serial}` },
    }),
  },
];

const MANAGERS_ONLY = (status: number) => ({
  ...EVERYONE(403),
  ADMIN: status,
  UNIT_ADMIN: status,
  COURSE_MANAGER: status,
});

const GLOBAL_ENDPOINTS: { name: string; expected: Record<Role, number>; call(): Call }[] = [
  {
    name: 'GET /units/',
    expected: EVERYONE(200),
    call: () => ({ method: 'GET', url: '/api/units/' }),
  },
  {
    name: 'POST /units/',
    expected: { ...EVERYONE(403), ADMIN: 201 },
    call: () => ({
      method: 'POST',
      url: '/api/units/',
      body: { name: 'New unit', code: `N${++serial}` },
    }),
  },
  {
    name: 'GET /profiles/',
    expected: EVERYONE(200),
    call: () => ({ method: 'GET', url: '/api/profiles/' }),
  },
  {
    name: 'POST /profiles/',
    expected: MANAGERS_ONLY(201),
    call: () => ({
      method: 'POST',
      url: '/api/profiles/',
      body: {
        first_name: 'Nora',
        last_name: 'Keller',
        email: `nora${++serial}@example.ch`,
        assignments: [{ unit: unitA.id, role: 'STUDENT' }],
      },
    }),
  },
  {
    name: 'POST /profiles/exist/',
    expected: MANAGERS_ONLY(200),
    call: () => ({ method: 'POST', url: '/api/profiles/exist/', body: { email: 'a@example.ch' } }),
  },
  {
    name: 'GET /assignments/metadata/',
    expected: EVERYONE(200),
    call: () => ({ method: 'GET', url: '/api/assignments/metadata/' }),
  },
  {
    name: 'GET /users/me/',
    expected: EVERYONE(200),
    call: () => ({ method: 'GET', url: '/api/users/me/' }),
  },
  {
    name: 'POST /users/me/accept-data-processing/',
    expected: EVERYONE(200),
    call: () => ({ method: 'POST', url: '/api/users/me/accept-data-processing/' }),
  },
  {
    name: 'POST /auth/password-change/',
    expected: EVERYONE(200),
    call: () => ({
      method: 'POST',
      url: '/api/auth/password-change/',
      body: {
        current_password: TEST_PASSWORD,
        new_password: `Another long passphrase ${++serial}`,
      },
    }),
  },
];

const send = (client: ApiClient, call: Call) =>
  client.request(call.method, call.url, call.body as never);

describe.each(OBJECT_ENDPOINTS)('$name', (endpoint) => {
  it.each(ROLES)('as %s', async (role) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [index, column] of endpoint.columns.entries()) {
      const { client, person } = await signedInAs(t, role, unitA.id);
      const response = await send(client, await endpoint.call({ actor: person, column }));
      actual[column] = response.statusCode;
      expected[column] = endpoint.expected[role][index]!;
    }
    expect(actual).toEqual(expected);
  });

  it('signed out: 401', async () => {
    const { person } = await signedInAs(t, 'STUDENT', unitA.id);
    const response = await send(
      t.client(),
      await endpoint.call({ actor: person, column: 'ownUnit' }),
    );
    expect(response.statusCode).toBe(401);
  });
});

describe.each(GLOBAL_ENDPOINTS)('$name', (endpoint) => {
  it.each(ROLES)('as %s', async (role) => {
    const { client } = await signedInAs(t, role, unitA.id);
    const response = await send(client, endpoint.call());
    expect(response.statusCode, response.body).toBe(endpoint.expected[role]);
  });

  it('signed out: 401', async () => {
    expect((await send(t.client(), endpoint.call())).statusCode).toBe(401);
  });
});

describe('lists never hold what the reader may not see', () => {
  it.each(ROLES)('as %s', async (role) => {
    const onlyInB = await createPerson(t.database.db, {
      roles: [{ role: 'STUDENT', unitId: unitB.id }],
    });
    const inBoth = await createPerson(t.database.db, {
      roles: [
        { role: 'STUDENT', unitId: unitA.id },
        { role: 'STUDENT', unitId: unitB.id },
      ],
    });
    const { client } = await signedInAs(t, role, unitA.id);
    const profiles = (await client.get('/api/profiles/?limit=1000')).json().results as {
      id: number;
      assignments: { unit: number | null }[];
    }[];
    const units = (await client.get('/api/units/?limit=1000')).json().results as { id: number }[];
    const ids = profiles.map((p) => p.id);
    const unitsSeen = new Set(profiles.flatMap((p) => p.assignments.map((a) => a.unit)));
    if (role === 'ADMIN') {
      expect(ids).toContain(onlyInB.profile.id);
      expect(units.map((u) => u.id)).toContain(unitB.id);
      return;
    }
    expect(ids).not.toContain(onlyInB.profile.id);
    expect(unitsSeen.has(unitB.id)).toBe(false);
    expect(units.map((u) => u.id)).toEqual([unitA.id]);
    // managers see the student of both units, with its unit-A assignment only
    if (role === 'UNIT_ADMIN' || role === 'COURSE_MANAGER') {
      const both = profiles.find((p) => p.id === inBoth.profile.id);
      expect(both?.assignments.map((a) => a.unit)).toEqual([unitA.id]);
    } else {
      expect(ids).not.toContain(inBoth.profile.id);
    }
  });
});
