import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockEvaluations, criterionEvaluations, profiles } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  evaluationCriterion,
  gradeCriterion,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t, [
    {
      name: 'Practical work',
      criteria: [
        gradeCriterion({ name: 'Written test' }),
        evaluationCriterion({ name: 'Safety', hasTextInput: true }),
      ],
    },
  ]);
});
afterAll(() => t.close());

const nameOf = async (profileId: number) => {
  const [row] = await w.db.select().from(profiles).where(eq(profiles.id, profileId));
  return `${row!.firstName} ${row!.lastName}`;
};

interface Entry {
  action: string;
  actor: string | null;
  at: string;
  target: { kind: string; name: string | null };
  changes: { field: string; from: unknown; to: unknown }[];
}

/** An assessment in progress of the world's student, changed by its instructor then validated. */
async function historyWorld() {
  const assessment = await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: w.people.student.profileId,
  });
  const criteria = await w.db
    .select()
    .from(criterionEvaluations)
    .where(eq(criterionEvaluations.assessmentId, assessment.id))
    .orderBy(criterionEvaluations.id);
  const [block] = await w.db
    .select()
    .from(blockEvaluations)
    .where(eq(blockEvaluations.assessmentId, assessment.id));
  const { instructor, courseManager } = w.people;
  let version = 1;
  const send = async (
    client: typeof instructor.client,
    url: string,
    body: Record<string, unknown>,
    method: 'patch' | 'post' = 'patch',
  ) => {
    const response = await client[method](url, { ...body, version });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    version = response.json().version ?? version + 1;
  };
  const grade = `/api/assessments/criteria/evaluations/${criteria[0]!.id}/`;
  await send(instructor.client, grade, { grade: '5' });
  await send(instructor.client, grade, { grade: '4.5' });
  const safety = `/api/assessments/criteria/evaluations/${criteria[1]!.id}/`;
  await send(instructor.client, safety, { evaluation: 'GOOD', text: 'Careful' });
  await send(instructor.client, safety, { evaluation: 'SUFFICIENT' });
  await send(instructor.client, `/api/assessments/blocks/evaluations/${block!.id}/`, {
    comment: 'Well done',
  });
  await send(courseManager.client, `/api/assessments/${assessment.id}/`, {
    group: w.otherGroup.id,
  });
  await send(courseManager.client, `/api/assessments/${assessment.id}/validate/`, {}, 'post');
  return assessment.id;
}

describe('GET /api/assessments/{id}/history/', () => {
  it('says who changed what from what to what, newest first, by name', async () => {
    const id = await historyWorld();
    const response = await w.people.admin.client.get(`/api/assessments/${id}/history/`);
    expect(response.statusCode).toBe(200);
    const { count, results } = response.json() as { count: number; results: Entry[] };
    expect(count).toBe(7);
    const instructor = await nameOf(w.people.instructor.profileId);
    const manager = await nameOf(w.people.courseManager.profileId);
    expect(
      results.map(({ action, actor, target, changes }) => ({ action, actor, target, changes })),
    ).toEqual([
      {
        action: 'validate',
        actor: manager,
        target: { kind: 'assessment', name: null },
        changes: [{ field: 'status', from: 'IN_PROGRESS', to: 'VALIDATED' }],
      },
      {
        action: 'move',
        actor: manager,
        target: { kind: 'assessment', name: null },
        changes: [{ field: 'group', from: 'Group', to: 'Group 2' }],
      },
      {
        action: 'update',
        actor: instructor,
        target: { kind: 'block', name: 'Practical work' },
        changes: [{ field: 'comment', from: '', to: 'Well done' }],
      },
      {
        action: 'update',
        actor: instructor,
        target: { kind: 'criterion', name: 'Safety' },
        changes: [{ field: 'evaluation', from: 'GOOD', to: 'SUFFICIENT' }],
      },
      {
        action: 'update',
        actor: instructor,
        target: { kind: 'criterion', name: 'Safety' },
        changes: [
          { field: 'evaluation', from: null, to: 'GOOD' },
          { field: 'text', from: null, to: 'Careful' },
        ],
      },
      {
        action: 'update',
        actor: instructor,
        target: { kind: 'criterion', name: 'Written test' },
        changes: [{ field: 'grade', from: '5', to: '4.5' }],
      },
      {
        action: 'update',
        actor: instructor,
        target: { kind: 'criterion', name: 'Written test' },
        changes: [{ field: 'grade', from: null, to: '5' }],
      },
    ]);
    const times = results.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages, and a creation shows its status and group but no ids', async () => {
    const created = await w.people.courseManager.client.post(
      `/api/modules/instances/${w.module.id}/instanciate/`,
      { module: w.module.id, student: w.people.otherStudent.profileId, group: w.group.id },
    );
    expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
    const id = created.json().id as number;
    const { instructor } = w.people;
    const [criterion] = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, id))
      .orderBy(criterionEvaluations.id);
    await instructor.client.patch(`/api/assessments/criteria/evaluations/${criterion!.id}/`, {
      version: 1,
      grade: '6',
    });
    const first = await instructor.client.get(`/api/assessments/${id}/history/?limit=1`);
    expect(first.json()).toMatchObject({
      count: 2,
      previous: null,
      next: `/api/assessments/${id}/history/?limit=1&offset=1`,
    });
    expect(first.json().results[0].changes).toEqual([{ field: 'grade', from: null, to: '6' }]);
    const second = await instructor.client.get(first.json().next as string);
    expect(second.json().results).toMatchObject([
      {
        action: 'create',
        target: { kind: 'assessment', name: null },
        changes: [
          { field: 'status', from: null, to: 'IN_PROGRESS' },
          { field: 'group', from: null, to: 'Group' },
        ],
      },
    ]);
    // what the entry says names no id (its time may hold the same digits: it is left out)
    const { changes, target } = second.json().results[0];
    expect(JSON.stringify({ changes, target })).not.toContain(
      String(w.people.otherStudent.profileId),
    );
  });

  it('is read by the student once validated, and by no one outside the assessment', async () => {
    const id = await historyWorld();
    const student = await w.people.student.client.get(`/api/assessments/${id}/history/`);
    expect(student.statusCode).toBe(200);
    expect(student.json().count).toBe(7);
    for (const who of ['otherStudent', 'otherRepresentative', 'otherUnitAdmin'] as const) {
      const response = await w.people[who].client.get(`/api/assessments/${id}/history/`);
      expect(response.statusCode, who).toBe(404);
    }
    const anonymous = await t.client().get(`/api/assessments/${id}/history/`);
    expect(anonymous.statusCode).toBe(401);
  });
});
