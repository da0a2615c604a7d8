import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  gradeCriterion,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { createPerson } from '../test/factories.ts';
import { countQueries } from '../test/query-counter.ts';

let t: TestApp;
let w: AssessmentWorld;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  const { student, otherStudent } = w.people;
  const make = (
    studentId: number,
    groupId: number,
    status: 'IN_PROGRESS' | 'VALIDATED' | 'CLOSED',
  ) =>
    createAssessment(w.db, { moduleId: w.module.id, groupId, studentId, status }).then((a) => a.id);
  ids.studentInProgress = await make(student.profileId, w.group.id, 'IN_PROGRESS');
  ids.studentValidated = await make(student.profileId, w.otherGroup.id, 'VALIDATED');
  ids.otherClosed = await make(otherStudent.profileId, w.otherGroup.id, 'CLOSED');
  const other = await createModule(w.db, {
    name: 'Atelier',
    unitId: w.unitB.id,
    blocks: [{ criteria: [gradeCriterion()] }],
  });
  const group = await createGroup(w.db, other.module.id, [w.people.instructor.profileId]);
  ids.otherUnit = await createAssessment(w.db, {
    moduleId: other.module.id,
    groupId: group.id,
    studentId: student.profileId,
    status: 'VALIDATED',
  }).then((a) => a.id);
});
afterAll(() => t.close());

const listed = async (who: keyof AssessmentWorld['people'], query = '') => {
  const response = await w.people[who].client.get(`/api/assessments/${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json().results as { id: number }[]).map((a) => a.id).sort((a, b) => a - b);
};
const sorted = (...list: number[]) => list.sort((a, b) => a - b);

describe('GET /api/assessments/', () => {
  it('contains only what each reader may see', async () => {
    const all = sorted(
      ids.studentInProgress!,
      ids.studentValidated!,
      ids.otherClosed!,
      ids.otherUnit!,
    );
    expect(await listed('admin')).toEqual(all);
    expect(await listed('unitAdmin')).toEqual(
      sorted(ids.studentInProgress!, ids.studentValidated!, ids.otherClosed!),
    );
    expect(await listed('otherUnitAdmin')).toEqual([ids.otherUnit]);
    expect(await listed('instructor')).toEqual([ids.studentInProgress]);
    expect(await listed('otherInstructor')).toEqual(
      sorted(ids.studentValidated!, ids.otherClosed!),
    );
    expect(await listed('student')).toEqual(sorted(ids.studentValidated!, ids.otherUnit!));
    expect(await listed('otherStudent')).toEqual([ids.otherClosed]);
    expect(await listed('representative')).toEqual(sorted(ids.studentValidated!, ids.otherUnit!));
    expect(await listed('otherRepresentative')).toEqual([ids.otherClosed]);
  });

  it('filters by module, group, student, status, instructor and grade summary, with paging', async () => {
    expect(await listed('admin', `?module=${w.module.id}&status=VALIDATED&status=CLOSED`)).toEqual(
      sorted(ids.studentValidated!, ids.otherClosed!),
    );
    expect(await listed('admin', `?group=${w.group.id}`)).toEqual([ids.studentInProgress]);
    expect(await listed('admin', `?student=${w.people.otherStudent.profileId}`)).toEqual([
      ids.otherClosed,
    ]);
    expect(await listed('admin', `?instructor=${w.people.instructor.profileId}`)).toEqual(
      sorted(ids.studentInProgress!, ids.otherUnit!),
    );
    expect(await listed('admin', '?is_included_in_grade_summary=false')).toEqual([]);
    const page = (
      await w.people.admin.client.get('/api/assessments/?limit=2&offset=1&ordering=-id')
    ).json();
    expect(page.count).toBe(4);
    expect(page.results.map((a: { id: number }) => a.id)).toEqual([
      ids.otherClosed,
      ids.studentValidated,
    ]);
    expect(page.next).toBe('/api/assessments/?limit=2&offset=3&ordering=-id');
    expect(page.previous).toBe('/api/assessments/?limit=2&offset=0&ordering=-id');
    // a module's list is ordered by id both ways too (its rows are sorted, not read in id order)
    const moduleIds = sorted(ids.studentInProgress!, ids.studentValidated!, ids.otherClosed!);
    for (const [ordering, expected] of [
      ['id', moduleIds],
      ['-id', [...moduleIds].reverse()],
    ] as const) {
      const first = `/api/assessments/?module=${w.module.id}&ordering=${ordering}&limit=2`;
      const one = (await w.people.admin.client.get(first)).json();
      const two = (await w.people.admin.client.get(`${first}&offset=2`)).json();
      expect([...one.results, ...two.results].map((a: { id: number }) => a.id)).toEqual(expected);
    }
    const bad = await w.people.admin.client.get('/api/assessments/?status=DONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'status.0': ['Choix invalide'] });
  });

  it("counts a module's and an instructor's list on every page, past the end too", async () => {
    const counted = async (who: keyof AssessmentWorld['people'], query: string) => {
      const page = (await w.people[who].client.get(`/api/assessments/${query}`)).json();
      return { count: page.count, rows: page.results.length };
    };
    const module = `?module=${w.module.id}&limit=2`;
    expect(await counted('admin', module)).toEqual({ count: 3, rows: 2 });
    expect(await counted('admin', `${module}&offset=2`)).toEqual({ count: 3, rows: 1 });
    expect(await counted('admin', `${module}&offset=10`)).toEqual({ count: 3, rows: 0 });
    expect(await counted('admin', `${module}&is_included_in_grade_summary=false`)).toEqual({
      count: 0,
      rows: 0,
    });
    expect(await counted('otherInstructor', '?limit=1')).toEqual({ count: 2, rows: 1 });
    expect(await counted('otherInstructor', '?limit=1&offset=1')).toEqual({ count: 2, rows: 1 });
    expect(await counted('otherInstructor', '?limit=1&offset=2')).toEqual({ count: 2, rows: 0 });
    expect(await counted('admin', `?group=${w.group.id + 1000}`)).toEqual({ count: 0, rows: 0 });
  });

  it('orders by module name both ways, ties by id, page after page', async () => {
    const inModule = sorted(ids.studentInProgress!, ids.studentValidated!, ids.otherClosed!);
    for (const [ordering, expected] of [
      ['module', [ids.otherUnit, ...inModule]],
      ['-module', [...inModule, ids.otherUnit]],
    ] as const) {
      const first = `/api/assessments/?ordering=${ordering}&limit=3`;
      const one = (await w.people.admin.client.get(first)).json();
      const two = (await w.people.admin.client.get(`${first}&offset=3`)).json();
      const rows = [...one.results, ...two.results] as { id: number; module: { name: string } }[];
      expect(rows.map((a) => a.id)).toEqual(expected);
      expect(rows[ordering === 'module' ? 0 : 3]!.module.name).toBe('Atelier');
      expect(one.count).toBe(4);
    }
  });

  it('lists an assessment as its detail shows it, its times in UTC to the millisecond', async () => {
    await w.db.execute(sql`update assessments set created_at = '2026-06-30 23:59:59.999999+02',
      validated_at = '2026-07-01 08:00:00.0005+02' where id = ${ids.studentValidated!}`);
    const list = await w.people.admin.client.get(
      `/api/assessments/?student=${w.people.student.profileId}`,
    );
    const item = list.json().results.find((a: { id: number }) => a.id === ids.studentValidated);
    expect(item).toMatchObject({
      created_at: '2026-06-30T21:59:59.999Z',
      validated_at: '2026-07-01T06:00:00.000Z',
      closed_at: null,
      status: 'VALIDATED',
      group: { id: w.otherGroup.id, name: w.otherGroup.name },
      module: { id: w.module.id, name: w.module.name },
      student: { id: w.people.student.profileId },
    });
    const detail = (
      await w.people.admin.client.get(`/api/assessments/${ids.studentValidated}/`)
    ).json();
    expect(item.updated_at).toBe(detail.updated_at);
  });

  it('takes at most 100 values of one filter, and says so', async () => {
    const modules = (n: number) =>
      Array.from({ length: n }, (_, i) => `module=${i === 0 ? w.module.id : 1_000_000 + i}`);
    const hundred = await w.people.admin.client.get(`/api/assessments/?${modules(100).join('&')}`);
    expect(hundred.statusCode).toBe(200);
    expect(hundred.json().count).toBeGreaterThan(0);
    const more = await w.people.admin.client.get(`/api/assessments/?${modules(101).join('&')}`);
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ module: ['Choisissez au plus 100 valeurs'] });
  });

  it('hides an assessment in progress from the student and their representative (404)', async () => {
    expect(
      (await w.people.student.client.get(`/api/assessments/${ids.studentInProgress}/`)).statusCode,
    ).toBe(404);
    expect(
      (await w.people.representative.client.get(`/api/assessments/${ids.studentInProgress}/`))
        .statusCode,
    ).toBe(404);
    const visible = await w.people.representative.client.get(
      `/api/assessments/${ids.studentValidated}/`,
    );
    expect(visible.statusCode).toBe(200);
    expect(Object.values(visible.json().permissions).every((allowed) => allowed === false)).toBe(
      true,
    );
  });
});

describe('fixed number of queries', () => {
  async function detailQueries(criteria: number) {
    const built = await createModule(w.db, {
      unitId: w.unitA.id,
      blocks: [
        { criteria: Array.from({ length: criteria / 2 }, () => gradeCriterion()) },
        { blocks: [{ criteria: Array.from({ length: criteria / 2 }, () => gradeCriterion()) }] },
      ],
    });
    const group = await createGroup(w.db, built.module.id, [w.people.instructor.profileId]);
    const a = await createAssessment(w.db, {
      moduleId: built.module.id,
      groupId: group.id,
      studentId: w.people.student.profileId,
    });
    const client = w.people.instructor.client;
    let body: { blocks: { criteria: unknown[]; blocks: { criteria: unknown[] }[] }[] } | undefined;
    const count = await countQueries(w.db, async () => {
      body = (await client.get(`/api/assessments/${a.id}/`)).json();
    });
    expect(body!.blocks[0]!.criteria.length + body!.blocks[1]!.blocks[0]!.criteria.length).toBe(
      criteria,
    );
    const firstEvaluation = (body!.blocks[0]!.criteria[0] as { evaluation: { id: number } })
      .evaluation.id;
    const writes = await countQueries(w.db, async () => {
      const response = await client.patch(
        `/api/assessments/criteria/evaluations/${firstEvaluation}/`,
        {
          version: 1,
          grade: '5',
        },
      );
      expect(response.statusCode).toBe(200);
    });
    return { count, writes };
  }

  it('the assessment detail and an evaluation write: the same for 10 and 100 criteria', async () => {
    const small = await detailQueries(10);
    const large = await detailQueries(100);
    expect(large).toEqual(small);
    // the session, then the header, blocks and criteria queries
    expect(small.count).toBeGreaterThanOrEqual(4);
    expect(small.count).toBeLessThanOrEqual(6);
    expect(small.writes).toBeGreaterThan(small.count);
  });

  it('the grade summary: the same for 5 and 50 assessments', async () => {
    async function summaryQueries(assessments: number) {
      const person = await createPerson(w.db, {
        roles: [{ role: 'STUDENT', unitId: w.unitA.id }],
      });
      const student = person.profile.id;
      for (let i = 0; i < assessments; i++)
        await createAssessment(w.db, {
          moduleId: w.module.id,
          groupId: w.group.id,
          studentId: student,
          status: 'VALIDATED',
        });
      let total = 0;
      const count = await countQueries(w.db, async () => {
        const response = await w.people.instructor.client.get(
          `/api/profiles/${student}/grade-summary/`,
        );
        expect(response.statusCode).toBe(200);
        total = response.json().groups[0].assessments.length;
      });
      expect(total).toBe(assessments);
      return count;
    }
    const few = await summaryQueries(5);
    expect(few).toBeGreaterThanOrEqual(3);
    expect(await summaryQueries(50)).toBe(few);
  });
});
