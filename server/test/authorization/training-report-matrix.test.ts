/**
 * The authorization matrix of the training report cycle (training-report.md): role × the columns
 * of matrix-world.ts, on a training report. The student writes their own self-assessment and
 * sign-off, a legal representative signs for a ward, the group's instructors write goals and
 * sign, managers read. Expected statuses are data, not computed by the code under test; after
 * every refusal the cycle's tables and the audit trail are as they were.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type AssessmentStatus, type Role } from '../../../domain/constants.ts';
import { rowsOf } from '../../db/rows.ts';
import { trainingGoals } from '../../db/schema/index.ts';
import type { ApiClient, TestApp } from '../app.ts';
import { evaluationCriterion } from '../assessment-factories.ts';
import { COLUMNS, matrixWorld, type MatrixWorld, type Placed, type Row } from './matrix-world.ts';

let t: TestApp;
let world: MatrixWorld;
beforeAll(async () => {
  world = await matrixWorld();
  t = world.t;
});
afterAll(() => t.close());

interface Endpoint {
  status: AssessmentStatus;
  /** a goal set on the report before the call, whose id the call gets */
  withGoal?: boolean;
  call: (placed: Placed, client: ApiClient, goalId: number) => ReturnType<ApiClient['get']>;
  expected: Record<Role, Row>;
}

/** A goal set on the placed report, by the database (no actor needed). */
async function goalOf(placed: Placed) {
  const [goal] = await t.database.db
    .insert(trainingGoals)
    .values({ assessmentId: placed.assessment.id, goal: 'Goal', responsible: 'STUDENT' })
    .returning();
  return goal!;
}

//                               ownGroup otherGroup otherUnit own
// reading the self-assessment of a report in progress: its student too, who cannot see the report
const READ_SELF: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 200],
  COURSE_MANAGER: [200, 200, 404, 200],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
};
// writing it: its student only
const WRITE_SELF: Record<Role, Row> = {
  ADMIN: [403, 403, 403, 403],
  UNIT_ADMIN: [403, 403, 404, 403],
  COURSE_MANAGER: [403, 403, 404, 403],
  INSTRUCTOR: [403, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [403, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
};
// writing goals and reviews: the group's instructors only
const WRITE_GOALS = (ok: number): Record<Role, Row> => ({
  ADMIN: [403, 403, 403, 403],
  UNIT_ADMIN: [403, 403, 404, 403],
  COURSE_MANAGER: [403, 403, 404, 403],
  INSTRUCTOR: [ok, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [ok, 404, 404, 404],
  STUDENT: [404, 404, 404, 404],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 404],
});
// reading the goals of a validated report: whoever sees it
const READ_GOALS: Record<Role, Row> = {
  ADMIN: [200, 200, 200, 200],
  UNIT_ADMIN: [200, 200, 404, 200],
  COURSE_MANAGER: [200, 200, 404, 200],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 200],
};
// signing a validated report: the group's instructor, the student, a ward's legal representative
const SIGN: Record<Role, Row> = {
  ADMIN: [403, 403, 403, 403],
  UNIT_ADMIN: [403, 403, 404, 403],
  COURSE_MANAGER: [403, 403, 404, 403],
  INSTRUCTOR: [200, 404, 404, 404],
  ENTERPRISE_INSTRUCTOR: [200, 404, 404, 404],
  STUDENT: [404, 404, 404, 200],
  LEGAL_REPRESENTATIVE: [404, 404, 404, 200],
};

const self = (p: Placed) => `/api/assessments/${p.assessment.id}/self-assessment/`;
const ENDPOINTS: Record<string, Endpoint> = {
  'GET /assessments/{id}/self-assessment/': {
    status: 'IN_PROGRESS',
    call: (p, c) => c.get(self(p)),
    expected: READ_SELF,
  },
  'PATCH /assessments/{id}/self-assessment/': {
    status: 'IN_PROGRESS',
    call: (p, c) =>
      c.patch(self(p), {
        criteria: [{ criterion: p.criteria[0]!.id, evaluation: 'GOOD', text: 'Mine' }],
        view: 'My view',
        version: 1,
      }),
    expected: WRITE_SELF,
  },
  'POST /assessments/{id}/self-assessment/submit/': {
    status: 'IN_PROGRESS',
    call: (p, c) => c.post(`${self(p)}submit/`),
    expected: WRITE_SELF,
  },
  'POST /assessments/{id}/goals/': {
    status: 'IN_PROGRESS',
    call: (p, c) =>
      c.post(`/api/assessments/${p.assessment.id}/goals/`, { goal: 'G', responsible: 'COMPANY' }),
    expected: WRITE_GOALS(201),
  },
  'PATCH /goals/{id}/': {
    status: 'IN_PROGRESS',
    withGoal: true,
    call: (_p, c, goal) => c.patch(`/api/goals/${goal}/`, { goal: 'H', version: 1 }),
    expected: WRITE_GOALS(200),
  },
  'DELETE /goals/{id}/': {
    status: 'IN_PROGRESS',
    withGoal: true,
    call: async (_p, c, goal) => {
      const response = await c.delete(`/api/goals/${goal}/`);
      return {
        ...response,
        statusCode: response.statusCode === 204 ? 200 : response.statusCode,
      } as never;
    },
    expected: WRITE_GOALS(200),
  },
  'GET /assessments/{id}/goals/': {
    status: 'VALIDATED',
    call: (p, c) => c.get(`/api/assessments/${p.assessment.id}/goals/`),
    expected: READ_GOALS,
  },
  'POST /assessments/{id}/sign/': {
    status: 'VALIDATED',
    call: (p, c) => c.post(`/api/assessments/${p.assessment.id}/sign/`, {}),
    expected: SIGN,
  },
};

/** The rows a write of the cycle could touch, counted. */
async function written() {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select (select count(*) from self_assessments)
      + (select count(*) from self_assessment_criteria) + (select count(*) from training_goals)
      + (select count(*) from signatures) + (select count(*) from audit_trail) as n`,
  );
  return row!.n;
}

describe.each(Object.entries(ENDPOINTS))('%s', (_name, endpoint) => {
  const cases = ROLES.flatMap((role) =>
    COLUMNS.map((column, index) => ({ role, column, expected: endpoint.expected[role][index] })),
  );
  it.each(cases)('$role on $column → $expected', async ({ role, column, expected }) => {
    const placed = await world.place(role, column, endpoint.status, {
      moduleType: 'TRAINING_REPORT',
      criteria: [evaluationCriterion({ hasTextInput: true })],
    });
    const goal = endpoint.withGoal ? (await goalOf(placed)).id : 0;
    const before = await written();
    const response = await endpoint.call(placed, world.actors[role].client, goal);
    expect(response.statusCode, response.body).toBe(expected);
    if (expected! >= 400) expect(await written()).toEqual(before);
  });
});
