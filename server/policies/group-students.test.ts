import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  // the student is assessed in group 1 only; the other student in group 2
  await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: w.people.student.profileId,
  });
  await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.otherGroup.id,
    studentId: w.people.otherStudent.profileId,
  });
});
afterAll(() => t.close());

describe('instructors see the students of the groups they instruct', () => {
  it.each(['instructor', 'enterpriseInstructor'] as const)(
    '%s lists and opens their student only',
    async (who) => {
      const client = w.people[who].client;
      const list = await client.get('/api/profiles/?roles=STUDENT');
      expect(list.statusCode).toBe(200);
      const ids = list.json().results.map((p: { id: number }) => p.id);
      expect(ids).toEqual([w.people.student.profileId]);
      expect((await client.get(`/api/profiles/${w.people.student.profileId}/`)).statusCode).toBe(
        200,
      );
      expect(
        (await client.get(`/api/profiles/${w.people.otherStudent.profileId}/`)).statusCode,
      ).toBe(404);
    },
  );

  it('an instructor cannot change the student they see', async () => {
    const response = await w.people.instructor.client.patch(
      `/api/profiles/${w.people.student.profileId}/`,
      {
        first_name: 'Changed',
      },
    );
    expect(response.statusCode).toBe(403);
  });
});
