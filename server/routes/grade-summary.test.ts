import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  const student = w.people.student.profileId;
  const add = async (
    name: string,
    moduleType: 'INTERCOMPANY_COURSE' | 'TRAINING_REPORT',
    grade: string | null,
    status: 'IN_PROGRESS' | 'VALIDATED' | 'CLOSED',
    included = true,
  ) => {
    const { module } = await createModule(w.db, {
      unitId: w.unitA.id,
      name,
      moduleType,
      startDate: '2026-08-01',
      endDate: '2026-08-05',
    });
    const group = await createGroup(w.db, module.id, [w.people.instructor.profileId]);
    await createAssessment(w.db, {
      moduleId: module.id,
      groupId: group.id,
      studentId: student,
      status,
      grade,
      isIncludedInGradeSummary: included,
    });
  };
  await add('CIE 1', 'INTERCOMPANY_COURSE', '4.5', 'CLOSED');
  await add('CIE 2', 'INTERCOMPANY_COURSE', '3.5', 'VALIDATED');
  await add('CIE 3', 'INTERCOMPANY_COURSE', '5.5', 'IN_PROGRESS');
  await add('Rapport 1', 'TRAINING_REPORT', '5.0', 'VALIDATED');
  await add('Rapport exclu', 'TRAINING_REPORT', '1.0', 'VALIDATED', false);
});
afterAll(() => t.close());

const url = () => `/api/profiles/${w.people.student.profileId}/grade-summary/`;

it('groups the included assessments by module type with averages and insufficient marks', async () => {
  const response = await w.people.courseManager.client.get(url());
  expect(response.statusCode).toBe(200);
  const summary = response.json();
  expect(summary.student.id).toBe(w.people.student.profileId);
  expect(summary.groups.map((g: { module_type: string }) => g.module_type)).toEqual([
    'INTERCOMPANY_COURSE',
    'TRAINING_REPORT',
  ]);
  const [courses, reports] = summary.groups;
  expect(courses.assessments.map((a: { module: { name: string } }) => a.module.name)).toEqual([
    'CIE 1',
    'CIE 2',
    'CIE 3',
  ]);
  expect(courses.assessments[1]).toMatchObject({
    status: 'VALIDATED',
    grade: '3.5',
    is_insufficient: true,
    module: { start_date: '2026-08-01', end_date: '2026-08-05' },
  });
  expect(courses.average).toBe('4.5'); // (4.5 + 3.5 + 5.5) / 3
  expect(reports.assessments).toHaveLength(1);
  expect(reports.average).toBe('5');
  expect(summary.average).toBe('4.6'); // (4.5 + 3.5 + 5.5 + 5) / 4 = 4.625
  expect(summary.is_insufficient).toBe(false);
});

it('shows students and legal representatives only the VALIDATED and CLOSED ones', async () => {
  for (const reader of [w.people.student, w.people.representative]) {
    const summary = (await reader.client.get(url())).json();
    const names = summary.groups.flatMap((g: { assessments: { module: { name: string } }[] }) =>
      g.assessments.map((a) => a.module.name),
    );
    expect(names).toEqual(['CIE 1', 'CIE 2', 'Rapport 1']);
    expect(summary.groups[0].average).toBe('4'); // (4.5 + 3.5) / 2
  }
});

it('is not found for readers outside its reach', async () => {
  for (const reader of [
    w.people.otherStudent,
    w.people.otherRepresentative,
    w.people.otherUnitAdmin,
    w.people.otherCourseManager,
  ])
    expect((await reader.client.get(url())).statusCode).toBe(404);
  expect((await w.people.admin.client.get('/api/profiles/999999/grade-summary/')).statusCode).toBe(
    404,
  );
  expect((await t.client().get(url())).statusCode).toBe(401);
});
