/**
 * The authorization matrix of the assessment endpoints: role × an assessment in a group the actor
 * instructs (unit A), in another group of unit A, in a group the actor instructs but in unit B
 * (where the actor holds no role), and the actor's own (in a group of unit A the actor does not
 * instruct) (STUDENT: their own; LEGAL_REPRESENTATIVE:
 * their ward's; other roles: an assessment whose student is the actor). Expected statuses are data
 * from domain.md's table, not computed by the code under test. Every actor holds its role in unit A.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criterionEvaluations } from '../../db/schema/index.ts';
import { ROLES, type AssessmentStatus, type Role } from '../../../domain/constants.ts';
import type { ApiClient, TestApp } from '../app.ts';
import { createPerson } from '../factories.ts';
import { COLUMNS, matrixWorld, type Column, type MatrixWorld, type Row } from './matrix-world.ts';

let t: TestApp;
let world: MatrixWorld;
beforeAll(async () => {
  world = await matrixWorld();
  t = world.t;
});
afterAll(() => t.close());
const place = (role: Role, column: Column, status: AssessmentStatus) =>
  world.place(role, column, status);

interface Endpoint {
  status: AssessmentStatus;
  call: (
    placed: Awaited<ReturnType<typeof place>>,
    client: ApiClient,
  ) => ReturnType<ApiClient['get']>;
  expected: Record<Role, Row>;
}

const criterionEvaluationOf = async (assessmentId: number) => {
  const [row] = await t.database.db
    .select({ id: criterionEvaluations.id })
    .from(criterionEvaluations)
    .where(eq(criterionEvaluations.assessmentId, assessmentId));
  return row!.id;
};

//                         ownGroup otherGroup otherUnit own
const VIEW: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 200],
  COURSE_MANAGER: [200, 200, 404, 200],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 200],
};
// evaluate and validate, on an assessment IN_PROGRESS (students and representatives do not see it)
const EVALUATE: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 200],
  COURSE_MANAGER: [200, 200, 404, 200],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
};
// close, reopen, include/exclude, delete, on a VALIDATED assessment: managers only
const MANAGE: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 200],
  COURSE_MANAGER: [200, 200, 404, 200],
  INSTRUCTOR: [403, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [403, 404, 404, 404],
  STUDENT: [404, 404, 404, 403],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 403],
};
// move, on an assessment IN_PROGRESS
const MOVE: Record<Role, Row> = {
  ...MANAGE,
  STUDENT: [404, 404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
};
// instanciate in the module (ownGroup/otherGroup: a module of unit A, otherUnit: of unit B)
const INSTANCIATE: Record<Role, Row> = {
  ADMIN: [201, 201, 201, 201],
  UNIT_ADMIN: [201, 201, 404, 201],
  COURSE_MANAGER: [201, 201, 404, 201],
  INSTRUCTOR: [403, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [403, 404, 404, 404],
  STUDENT: [404, 404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
};
// the grade summary of the assessment's student (staff "own": they hold no STUDENT role)
const GRADE_SUMMARY: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 404],
  COURSE_MANAGER: [200, 200, 404, 404],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 200],
};

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /assessments/{id}/': {
    status: 'VALIDATED',
    call: (p, c) => c.get(`/api/assessments/${p.assessment.id}/`),
    expected: VIEW,
  },
  'GET /assessments/{id}/history/': {
    status: 'VALIDATED',
    call: (p, c) => c.get(`/api/assessments/${p.assessment.id}/history/`),
    expected: VIEW,
  },
  'GET /assessments/ contains it': {
    status: 'VALIDATED',
    call: async (p, c) => {
      const response = await c.get(`/api/assessments/?module=${p.module.id}`);
      const found = response.json().results.some((a: { id: number }) => a.id === p.assessment.id);
      return { ...response, statusCode: found ? 200 : 404 } as never;
    },
    expected: VIEW,
  },
  'PATCH /assessments/criteria/evaluations/{id}/': {
    status: 'IN_PROGRESS',
    call: async (p, c) =>
      c.patch(
        `/api/assessments/criteria/evaluations/${await criterionEvaluationOf(p.assessment.id)}/`,
        {
          version: 1,
          grade: '5',
        },
      ),
    expected: EVALUATE,
  },
  'POST /assessments/{id}/validate/': {
    status: 'IN_PROGRESS',
    call: (p, c) => c.post(`/api/assessments/${p.assessment.id}/validate/`, { version: 1 }),
    expected: EVALUATE,
  },
  'POST /assessments/{id}/close/': {
    status: 'VALIDATED',
    call: (p, c) => c.post(`/api/assessments/${p.assessment.id}/close/`, { version: 1 }),
    expected: MANAGE,
  },
  'POST /assessments/{id}/reopen/': {
    status: 'VALIDATED',
    call: (p, c) => c.post(`/api/assessments/${p.assessment.id}/reopen/`),
    expected: MANAGE,
  },
  'POST /assessments/{id}/exclude_from_grade_summary/': {
    status: 'VALIDATED',
    call: (p, c) => c.post(`/api/assessments/${p.assessment.id}/exclude_from_grade_summary/`),
    expected: MANAGE,
  },
  'PATCH /assessments/{id}/ (move)': {
    status: 'IN_PROGRESS',
    call: (p, c) =>
      c.patch(`/api/assessments/${p.assessment.id}/`, { version: 1, group: p.spare.id }),
    expected: MOVE,
  },
  'DELETE /assessments/{id}/': {
    status: 'VALIDATED',
    call: async (p, c) => {
      const response = await c.delete(`/api/assessments/${p.assessment.id}/`);
      return {
        ...response,
        statusCode: response.statusCode === 204 ? 200 : response.statusCode,
      } as never;
    },
    expected: MANAGE,
  },
  'POST /modules/instances/{id}/instanciate/': {
    status: 'VALIDATED',
    call: async (p, c) => {
      const student = await createPerson(t.database.db, {
        roles: [{ role: 'STUDENT', unitId: p.module.unitId }],
      });
      return c.post(`/api/modules/instances/${p.module.id}/instanciate/`, {
        module: p.module.id,
        group: p.group.id,
        student: student.profile.id,
      });
    },
    expected: INSTANCIATE,
  },
  'GET /profiles/{id}/grade-summary/': {
    status: 'VALIDATED',
    call: (p, c) => c.get(`/api/profiles/${p.studentId}/grade-summary/`),
    expected: GRADE_SUMMARY,
  },
};

describe.each(Object.entries(ENDPOINTS))('%s', (_name, endpoint) => {
  const cases = ROLES.flatMap((role) =>
    COLUMNS.map((column, index) => ({ role, column, expected: endpoint.expected[role][index] })),
  );
  it.each(cases)('$role on $column → $expected', async ({ role, column, expected }) => {
    const placed = await place(role, column, endpoint.status);
    const response = await endpoint.call(placed, world.actors[role].client);
    expect(response.statusCode, response.body).toBe(expected);
  });
});
