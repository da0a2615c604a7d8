import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLog } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createCohort,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { createPerson } from '../test/factories.ts';

let t: TestApp;
let w: AssessmentWorld;
let assessment: number;
let cohort: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  assessment = (
    await createAssessment(w.db, {
      moduleId: w.module.id,
      groupId: w.group.id,
      studentId: w.people.student.profileId,
      status: 'VALIDATED',
    })
  ).id;
  cohort = (await createCohort(w.db, w.unitA.id, [w.people.student.profileId])).id;
});
afterAll(() => t.close());

const nameOf = async (who: keyof AssessmentWorld['people']) => {
  const me = await w.people[who].client.get('/api/users/me/');
  const profile = await w.people.admin.client.get(`/api/profiles/${me.json().profile}/`);
  return `${profile.json().first_name} ${profile.json().last_name}`;
};

interface Read {
  reader: string | null;
  kind: string;
  object: string | null;
}
const logOf = async (who: keyof AssessmentWorld['people']) => {
  const response = await w.people[who].client.get(
    `/api/profiles/${w.people.student.profileId}/read-log/`,
  );
  expect(response.statusCode, who).toBe(200);
  return response.json() as { count: number; results: Read[] };
};

describe('the read log of a student’s grades', () => {
  it('records who read which assessment, summary or file, once per page visit', async () => {
    const { instructor, courseManager, student, representative } = w.people;
    const before = (await w.db.select().from(readLog)).length;
    expect((await student.client.get(`/api/assessments/${assessment}/`)).statusCode).toBe(200);
    expect(
      (await student.client.get(`/api/profiles/${student.profileId}/grade-summary/`)).statusCode,
    ).toBe(200);
    expect((await w.db.select().from(readLog)).length, 'one’s own reads').toBe(before);

    await instructor.client.get(`/api/assessments/${assessment}/`);
    await instructor.client.get(`/api/assessments/${assessment}/`);
    expect((await instructor.client.get(`/api/assessments/${assessment}/pdf/`)).statusCode).toBe(
      200,
    );
    await courseManager.client.get(`/api/profiles/${student.profileId}/grade-summary/`);
    const zip = await courseManager.client.get(
      `/api/cohorts/${cohort}/grade-summaries/zip/?format=xlsx`,
    );
    expect(zip.statusCode).toBe(200);
    await representative.client.get(`/api/assessments/${assessment}/`);

    const { count, results } = await logOf('student');
    expect(count).toBe(5);
    expect(results).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        reader: await nameOf('representative'),
        kind: 'assessment',
        object: 'Module',
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        reader: await nameOf('courseManager'),
        kind: 'cohort_zip',
        object: 'Cohort',
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        reader: await nameOf('courseManager'),
        kind: 'grade_summary',
        object: null,
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        reader: await nameOf('instructor'),
        kind: 'assessment_pdf',
        object: 'Module',
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        reader: await nameOf('instructor'),
        kind: 'assessment',
        object: 'Module',
      },
    ]);
  });

  it('is shown to the student, their legal representatives and admins only', async () => {
    for (const who of ['student', 'representative', 'admin'] as const) await logOf(who);
    for (const who of [
      'otherStudent',
      'otherRepresentative',
      'instructor',
      'courseManager',
      'unitAdmin',
    ] as const) {
      const response = await w.people[who].client.get(
        `/api/profiles/${w.people.student.profileId}/read-log/`,
      );
      expect(response.statusCode, who).toBe(404);
    }
    const stranger = await createPerson(w.db);
    const unknown = await w.people.admin.client.get(
      `/api/profiles/${stranger.profile.id + 1000}/read-log/`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.client().get(`/api/profiles/${w.people.student.profileId}/read-log/`)).statusCode,
    ).toBe(401);
  });
});
