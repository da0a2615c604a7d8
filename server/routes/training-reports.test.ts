import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swissDay } from '../../domain/school-calendar.ts';
import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import type {
  DueReports,
  Goal,
  Goals,
  SelfAssessment,
} from '../../domain/schemas/training-report.ts';
import { semesterCode } from '../../domain/training-report.ts';
import {
  assessments,
  auditTrail,
  criterionEvaluations,
  notifications,
  profiles,
  signLinks,
  trainingGoals,
} from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import {
  addLegalRepresentative,
  createAssessment,
  createGroup,
  createModule,
  evaluationCriterion,
  gradeCriterion,
  signIn,
} from '../test/assessment-factories.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: TestApp;
type Person = Awaited<ReturnType<typeof signIn>>;
let unitId: number;
let otherUnitId: number;
let instructor: Person;
let otherInstructor: Person;
let courseManager: Person;
let unitAdmin: Person;

const today = () => swissDay(new Date());
const yearsAgo = (years: number, days = 0) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(t.database.db)).id;
  otherUnitId = (await createUnit(t.database.db)).id;
  instructor = await signIn(t, [{ role: 'INSTRUCTOR', unitId }]);
  otherInstructor = await signIn(t, [{ role: 'INSTRUCTOR', unitId }]);
  courseManager = await signIn(t, [{ role: 'COURSE_MANAGER', unitId }]);
  unitAdmin = await signIn(t, [{ role: 'UNIT_ADMIN', unitId }]);
});
afterAll(() => t.close());

/** A training report module of `unit` ending on `endDate`, with a group the instructor leads. */
async function reportModule(endDate: string, unit = unitId, type = 'TRAINING_REPORT' as const) {
  const built = await createModule(t.database.db, {
    unitId: unit,
    moduleType: type,
    name: `Report ${endDate}`,
    endDate,
    blocks: [
      {
        criteria: [
          evaluationCriterion({ name: 'Work quality', hasTextInput: true }),
          evaluationCriterion({ name: 'Teamwork' }),
          evaluationCriterion({ name: 'Reliability' }),
          gradeCriterion({ name: 'Grade' }),
        ],
      },
    ],
  });
  const group = await createGroup(t.database.db, built.module.id, [instructor.profileId]);
  return { ...built, group };
}

/** A student (with a legal representative and the given birth date) and their report. */
async function studentWithReport(birthDate: string | null = yearsAgo(16), endDate = today()) {
  const student = await signIn(t, [{ role: 'STUDENT', unitId }]);
  const parent = await signIn(t, [{ role: 'LEGAL_REPRESENTATIVE', unitId }]);
  await addLegalRepresentative(t.database.db, student.profileId, parent.profileId);
  await t.database.db.update(profiles).set({ birthDate }).where(eq(profiles.id, student.profileId));
  const built = await reportModule(endDate);
  const report = await createAssessment(t.database.db, {
    moduleId: built.module.id,
    groupId: built.group.id,
    studentId: student.profileId,
  });
  return { student, parent, ...built, report };
}

/** Another report of the same student in `unit`, after the first. */
async function nextReport(studentId: number, endDate: string, unit = unitId) {
  const built = await reportModule(endDate, unit);
  return createAssessment(t.database.db, {
    moduleId: built.module.id,
    groupId: built.group.id,
    studentId,
  });
}

const json = <T>(
  response: { statusCode: number; body: string; json: () => unknown },
  status = 200,
) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};

const selfAssessmentOf = async (client: ApiClient, id: number) =>
  json<SelfAssessment>(await client.get(`/api/assessments/${id}/self-assessment/`));
const goalsOf = async (client: ApiClient, id: number) =>
  json<Goals>(await client.get(`/api/assessments/${id}/goals/`));
const detailOf = async (client: ApiClient, id: number) =>
  json<AssessmentDetail>(await client.get(`/api/assessments/${id}/`));

async function addGoal(id: number, goal = 'Plan the week alone', client = instructor.client) {
  return json<Goal>(
    await client.post(`/api/assessments/${id}/goals/`, {
      goal,
      measure: 'Weekly planning with the trainer',
      due_date: '2027-01-31',
      responsible: 'STUDENT',
    }),
    201,
  );
}

const validate = (id: number) => instructor.client.post(`/api/assessments/${id}/validate/`);
const auditCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditTrail))[0]!.n;

describe('the self-assessment', () => {
  it('is written by the student on the report’s criteria and shown to the instructors once submitted', async () => {
    const { student, report } = await studentWithReport();
    const blank = await selfAssessmentOf(student.client, report.id);
    expect(blank.criteria.map((c) => c.name)).toEqual(['Work quality', 'Teamwork', 'Reliability']);
    expect(blank).toMatchObject({ editable: true, submitted_at: null, version: 1 });
    const [quality, teamwork] = blank.criteria;

    const saved = json<SelfAssessment>(
      await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
        criteria: [{ criterion: quality!.criterion, evaluation: 'GOOD', text: 'I check twice' }],
        view: 'The workshop weeks helped most.',
        version: 1,
      }),
    );
    expect(saved.criteria[0]).toMatchObject({ evaluation: 'GOOD', text: 'I check twice' });
    expect(saved.version).toBe(2);
    // a PATCH names only what it changes: the first criterion keeps its values
    const again = json<SelfAssessment>(
      await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
        criteria: [{ criterion: teamwork!.criterion, evaluation: 'SUFFICIENT' }],
        version: 2,
      }),
    );
    expect(again.criteria.map((c) => c.evaluation)).toEqual(['GOOD', 'SUFFICIENT', null]);
    expect(again.view).toBe('The workshop weeks helped most.');

    const before = await selfAssessmentOf(instructor.client, report.id);
    expect(before.criteria.map((c) => c.evaluation)).toEqual([null, null, null]);
    expect(before.view).toBe('');
    expect(before.editable).toBe(false);

    json(await student.client.post(`/api/assessments/${report.id}/self-assessment/submit/`, {}));
    const after = await selfAssessmentOf(instructor.client, report.id);
    expect(after.criteria.map((c) => c.evaluation)).toEqual(['GOOD', 'SUFFICIENT', null]);
    expect(after.view).toBe('The workshop weeks helped most.');
    expect(after.submitted_at).not.toBeNull();
    expect((await selfAssessmentOf(courseManager.client, report.id)).view).toBe(
      'The workshop weeks helped most.',
    );
  });

  it('takes a criterion named twice in one patch at its later values', async () => {
    const { student, report } = await studentWithReport();
    const [first] = (await selfAssessmentOf(student.client, report.id)).criteria;
    const saved = json<SelfAssessment>(
      await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
        criteria: [
          { criterion: first!.criterion, evaluation: 'GOOD', text: 'first' },
          { criterion: first!.criterion, evaluation: 'INSUFFICIENT' },
        ],
        version: 1,
      }),
    );
    expect(saved.criteria[0]).toMatchObject({ evaluation: 'INSUFFICIENT', text: 'first' });
  });

  it('is submitted once: afterwards nothing changes it', async () => {
    const { student, report } = await studentWithReport();
    json(await student.client.post(`/api/assessments/${report.id}/self-assessment/submit/`));
    const response = await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
      view: 'Too late',
      version: 2,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/déjà remise/);
    const second = await student.client.post(
      `/api/assessments/${report.id}/self-assessment/submit/`,
    );
    expect(second.statusCode).toBe(409);
    expect((await selfAssessmentOf(student.client, report.id)).view).toBe('');
  });

  it('never changes the trainer’s evaluations or the grade', async () => {
    const { student, report } = await studentWithReport();
    await t.database.db
      .update(assessments)
      .set({ grade: '4.5' })
      .where(eq(assessments.id, report.id));
    const evaluationsBefore = await t.database.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, report.id));
    const { criteria } = await selfAssessmentOf(student.client, report.id);
    json(
      await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
        criteria: criteria.map((c) => ({ criterion: c.criterion, evaluation: 'INSUFFICIENT' })),
        version: 1,
      }),
    );
    const evaluationsAfter = await t.database.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, report.id));
    expect(evaluationsAfter).toEqual(evaluationsBefore);
    const [row] = await t.database.db
      .select({ grade: assessments.grade, version: assessments.version })
      .from(assessments)
      .where(eq(assessments.id, report.id));
    expect(row).toEqual({ grade: '4.500', version: report.version });
  });

  it('refuses a stale version, another report’s criterion and a level where none is taken', async () => {
    const { student, report, criteria } = await studentWithReport();
    const other = await studentWithReport();
    const url = `/api/assessments/${report.id}/self-assessment/`;
    json(await student.client.patch(url, { view: 'first', version: 1 }));
    expect((await student.client.patch(url, { view: 'second', version: 1 })).statusCode).toBe(409);
    const foreign = await student.client.patch(url, {
      criteria: [{ criterion: other.criteria[0]!.id, evaluation: 'GOOD' }],
      version: 2,
    });
    expect(foreign.statusCode).toBe(400);
    const grade = criteria.find((c) => c.name === 'Grade')!;
    expect(
      (
        await student.client.patch(url, {
          criteria: [{ criterion: grade.id, evaluation: 'GOOD' }],
          version: 2,
        })
      ).statusCode,
    ).toBe(400);
    expect((await selfAssessmentOf(student.client, report.id)).view).toBe('first');
  });

  it('belongs to its student: others are refused and nothing is written', async () => {
    const { student, parent, report } = await studentWithReport();
    const stranger = await studentWithReport();
    const url = `/api/assessments/${report.id}/self-assessment/`;
    const audits = await auditCount();
    expect((await stranger.student.client.get(url)).statusCode).toBe(404);
    expect((await stranger.student.client.patch(url, { view: 'x', version: 1 })).statusCode).toBe(
      404,
    );
    // the legal representative does not see a report in progress at all
    expect((await parent.client.patch(url, { view: 'x', version: 1 })).statusCode).toBe(404);
    expect((await instructor.client.patch(url, { view: 'x', version: 1 })).statusCode).toBe(403);
    expect((await courseManager.client.patch(url, { view: 'x', version: 1 })).statusCode).toBe(403);
    expect((await otherInstructor.client.patch(url, { view: 'x', version: 1 })).statusCode).toBe(
      404,
    );
    expect(await auditCount()).toBe(audits);
    expect((await selfAssessmentOf(student.client, report.id)).version).toBe(1);
  });

  it('exists only on training reports, and only while the report is in progress', async () => {
    const { student, report } = await studentWithReport();
    const course = await createModule(t.database.db, {
      unitId,
      blocks: [{ criteria: [evaluationCriterion()] }],
    });
    const group = await createGroup(t.database.db, course.module.id, [instructor.profileId]);
    const assessment = await createAssessment(t.database.db, {
      moduleId: course.module.id,
      groupId: group.id,
      studentId: student.profileId,
    });
    expect(
      (await instructor.client.get(`/api/assessments/${assessment.id}/self-assessment/`))
        .statusCode,
    ).toBe(404);
    json(await validate(report.id));
    const late = await student.client.patch(`/api/assessments/${report.id}/self-assessment/`, {
      view: 'after validation',
      version: 1,
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('goals and their review', () => {
  it('carries the previous report’s goals to the next, where they are reviewed before validation', async () => {
    const { student, report } = await studentWithReport(yearsAgo(16), '2026-01-31');
    const goal = await addGoal(report.id);
    json(await validate(report.id));
    const next = await nextReport(student.profileId, '2026-07-31');

    const goals = await goalsOf(instructor.client, next.id);
    expect(goals.carried_goals.map((g) => g.goal)).toEqual(['Plan the week alone']);
    expect(goals.previous_report?.id).toBe(report.id);
    expect(goals.editable).toBe(true);

    const refused = await validate(next.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/1 objectif/);
    const [row] = await t.database.db
      .select({ status: assessments.status })
      .from(assessments)
      .where(eq(assessments.id, next.id));
    expect(row!.status).toBe('IN_PROGRESS');

    const reviewed = json<Goal>(
      await instructor.client.patch(`/api/goals/${goal.id}/`, {
        review_status: 'PARTLY_ACHIEVED',
        review_comment: 'Alone on Mondays, not yet on Fridays',
        version: goal.version,
      }),
    );
    expect(reviewed).toMatchObject({ review_status: 'PARTLY_ACHIEVED', version: 2 });
    expect(reviewed.reviewed_at).not.toBeNull();
    json(await validate(next.id));
  });

  it('takes carried goals from the same student in the same unit only', async () => {
    const first = await studentWithReport(yearsAgo(16), '2026-01-31');
    await addGoal(first.report.id, 'Own goal');
    const stranger = await studentWithReport(yearsAgo(16), '2026-01-31');
    await addGoal(stranger.report.id, 'Another student’s goal');
    const elsewhere = await nextReport(first.student.profileId, '2026-01-31', otherUnitId);
    await t.database.db
      .insert(trainingGoals)
      .values({ assessmentId: elsewhere.id, goal: 'Another unit’s goal', responsible: 'STUDENT' });
    const next = await nextReport(first.student.profileId, '2026-07-31');
    const goals = await goalsOf(instructor.client, next.id);
    expect(goals.carried_goals.map((g) => g.goal)).toEqual(['Own goal']);
    // the first report has nothing before it
    expect((await goalsOf(instructor.client, first.report.id)).carried_goals).toEqual([]);
  });

  it('gives the second of two people editing a goal at once a 409, not a lost edit', async () => {
    const { report } = await studentWithReport();
    const goal = await addGoal(report.id);
    const first = await instructor.client.patch(`/api/goals/${goal.id}/`, {
      measure: 'First edit',
      version: goal.version,
    });
    expect(first.statusCode).toBe(200);
    const second = await instructor.client.patch(`/api/goals/${goal.id}/`, {
      measure: 'Second edit',
      version: goal.version,
    });
    expect(second.statusCode).toBe(409);
    const { goals } = await goalsOf(instructor.client, report.id);
    expect(goals[0]!.measure).toBe('First edit');
  });

  it('lets the group’s instructors write, managers read, and audits every write', async () => {
    const { student, report } = await studentWithReport();
    const url = `/api/assessments/${report.id}/goals/`;
    const body = { goal: 'x', responsible: 'COMPANY' };
    const audits = await auditCount();
    expect((await courseManager.client.post(url, body)).statusCode).toBe(403);
    expect((await unitAdmin.client.post(url, body)).statusCode).toBe(403);
    expect((await otherInstructor.client.post(url, body)).statusCode).toBe(404);
    expect((await student.client.post(url, body)).statusCode).toBe(404);
    expect(await auditCount()).toBe(audits);
    expect((await goalsOf(courseManager.client, report.id)).goals).toEqual([]);
    expect((await goalsOf(courseManager.client, report.id)).editable).toBe(false);

    const goal = await addGoal(report.id);
    json(await instructor.client.patch(`/api/goals/${goal.id}/`, { goal: 'Changed', version: 1 }));
    expect(
      (await courseManager.client.patch(`/api/goals/${goal.id}/`, { goal: 'No', version: 2 }))
        .statusCode,
    ).toBe(403);
    expect((await instructor.client.delete(`/api/goals/${goal.id}/`)).statusCode).toBe(204);
    const trail = await t.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(and(eq(auditTrail.entity, 'training_goal'), eq(auditTrail.entityId, goal.id)))
      .orderBy(auditTrail.id);
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a review of a goal no later report carries, and bad values', async () => {
    const { report } = await studentWithReport();
    const goal = await addGoal(report.id);
    const review = await instructor.client.patch(`/api/goals/${goal.id}/`, {
      review_status: 'ACHIEVED',
      version: 1,
    });
    expect(review.statusCode).toBe(409);
    const bad = await instructor.client.post(`/api/assessments/${report.id}/goals/`, {
      goal: '',
      responsible: 'NOBODY',
      due_date: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['due_date', 'goal', 'responsible']);
  });
});

describe('the sign-off', () => {
  const sign = (client: ApiClient, id: number, comment?: string) =>
    client.post(`/api/assessments/${id}/sign/`, comment === undefined ? {} : { comment });

  it('collects the instructor, the student and the legal representative of a minor', async () => {
    const { student, parent, report } = await studentWithReport(yearsAgo(16));
    expect((await sign(instructor.client, report.id)).statusCode).toBe(409);
    json(await validate(report.id));
    const waiting = await detailOf(instructor.client, report.id);
    expect(waiting.signatures_missing).toEqual(['INSTRUCTOR', 'STUDENT', 'LEGAL_REPRESENTATIVE']);
    expect(waiting.permissions.sign).toBe(true);

    json(await sign(instructor.client, report.id));
    const signed = json<AssessmentDetail>(await sign(student.client, report.id, 'Discussed.'));
    expect(signed.signatures.map((s) => [s.role, s.comment])).toEqual([
      ['INSTRUCTOR', ''],
      ['STUDENT', 'Discussed.'],
    ]);
    expect(signed.signatures[1]!.profile.id).toBe(student.profileId);
    expect(signed.signatures[1]!.version).toBe(signed.version);
    expect(signed.signatures_missing).toEqual(['LEGAL_REPRESENTATIVE']);
    expect((await sign(student.client, report.id)).statusCode).toBe(409);
    const done = json<AssessmentDetail>(await sign(parent.client, report.id));
    expect(done.signatures_missing).toEqual([]);
    expect(done.permissions.sign).toBe(false);
  });

  it('records one sign-off of a party when two clicks arrive at once', async () => {
    const { student, report } = await studentWithReport(yearsAgo(20));
    json(await validate(report.id));
    const answers = await Promise.all([
      sign(student.client, report.id),
      sign(student.client, report.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await detailOf(instructor.client, report.id)).signatures).toHaveLength(1);
  });

  it('records the sign-offs of all three parties when they sign at once', async () => {
    const { student, parent, report } = await studentWithReport(yearsAgo(16));
    json(await validate(report.id));
    const answers = await Promise.all([
      sign(instructor.client, report.id),
      sign(student.client, report.id),
      sign(parent.client, report.id),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await detailOf(instructor.client, report.id)).signatures_missing).toEqual([]);
    // the lists read the roles kept on the report: it waits for nobody any more
    for (const party of [instructor, student, parent]) {
      const awaiting = await party.client.get('/api/training-reports/awaiting/');
      const waiting = awaiting.json().signatures.map((w: { assessment: number }) => w.assessment);
      expect(waiting).not.toContain(report.id);
    }
  });

  it('needs a legal representative at 17 years and 364 days on the validation date, not at 18', async () => {
    const minor = await studentWithReport(yearsAgo(18, 1));
    const adult = await studentWithReport(yearsAgo(18));
    json(await validate(minor.report.id));
    json(await validate(adult.report.id));
    expect((await detailOf(instructor.client, minor.report.id)).signatures_missing).toContain(
      'LEGAL_REPRESENTATIVE',
    );
    expect((await detailOf(instructor.client, adult.report.id)).signatures_missing).toEqual([
      'INSTRUCTOR',
      'STUDENT',
    ]);
    const refused = await sign(adult.parent.client, adult.report.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/majeur/);
  });

  it('is voided by reopening, and the report waits for everyone again', async () => {
    const { student, report } = await studentWithReport(yearsAgo(20));
    json(await validate(report.id));
    json(await sign(instructor.client, report.id));
    json(await sign(student.client, report.id));
    json(await courseManager.client.post(`/api/assessments/${report.id}/reopen/`));
    json(await validate(report.id));
    const detail = await detailOf(instructor.client, report.id);
    expect(detail.signatures).toEqual([]);
    expect(detail.signatures_missing).toEqual(['INSTRUCTOR', 'STUDENT']);
    const voided = await t.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(and(eq(auditTrail.entity, 'assessment'), eq(auditTrail.entityId, report.id)));
    expect(voided.map((r) => r.action)).toEqual(
      expect.arrayContaining(['sign', 'void_signatures']),
    );
  });

  it('is refused to managers and to other people’s instructors, changing nothing', async () => {
    const { report } = await studentWithReport(yearsAgo(20));
    json(await validate(report.id));
    const audits = await auditCount();
    expect((await sign(courseManager.client, report.id)).statusCode).toBe(403);
    expect((await sign(unitAdmin.client, report.id)).statusCode).toBe(403);
    expect((await sign(otherInstructor.client, report.id)).statusCode).toBe(404);
    expect(await auditCount()).toBe(audits);
    expect((await detailOf(instructor.client, report.id)).signatures).toEqual([]);
  });

  it('tells each missing party, and leads each to what awaits them', async () => {
    const { student, parent, report } = await studentWithReport(yearsAgo(16));
    const selfAssessments = json<{ self_assessments: { assessment: number }[] }>(
      await student.client.get('/api/training-reports/awaiting/'),
    ).self_assessments;
    expect(selfAssessments.map((s) => s.assessment)).toContain(report.id);
    json(await validate(report.id));
    for (const person of [student, parent, instructor]) {
      const awaiting = json<{ signatures: { assessment: number; role: string }[] }>(
        await person.client.get('/api/training-reports/awaiting/'),
      );
      expect(awaiting.signatures.map((s) => s.assessment)).toContain(report.id);
    }
    const told = await t.database.db
      .select({ recipient: notifications.recipientId })
      .from(notifications)
      .where(
        and(eq(notifications.assessmentId, report.id), eq(notifications.kind, 'SIGNATURE_AWAITED')),
      );
    expect(told.map((n) => n.recipient).sort()).toEqual(
      [student.profileId, parent.profileId, instructor.profileId].sort(),
    );
    json(await sign(parent.client, report.id));
    const after = json<{ signatures: { assessment: number }[] }>(
      await parent.client.get('/api/training-reports/awaiting/'),
    );
    expect(after.signatures.map((s) => s.assessment)).not.toContain(report.id);
  });
});

describe('the sign link of a legal representative without a login', () => {
  /** A minor's validated report whose legal representative has an address but no login. */
  async function reportForParentWithoutLogin(language: 'fr' | 'de' = 'de') {
    const { student, report } = await studentWithReport(yearsAgo(16));
    const parent = await createPerson(t.database.db, {
      withUser: false,
      profile: { email: `parent-${report.id}@example.ch`, language },
    });
    await addLegalRepresentative(t.database.db, student.profileId, parent.profile.id);
    json(await validate(report.id));
    return { student, report, parent: parent.profile, address: `parent-${report.id}@example.ch` };
  }
  const tokenIn = (text: string) => /sign-report\?token=([\w-]+)/.exec(text)![1]!;

  it('is mailed on validation, shows the report without signing in, and signs once', async () => {
    const { report, parent, address } = await reportForParentWithoutLogin();
    const mail = t.mail.last(address)!;
    expect(mail.subject).toBe('Ein Bildungsbericht wartet auf Ihre Unterschrift');
    expect(mail.text).toContain('/de/sign-report?token=');
    expect(mail.text).not.toMatch(/First|Last/);
    const token = tokenIn(mail.text);
    const anonymous = t.client();
    const shown = json<{ detail: AssessmentDetail }>(
      await anonymous.post('/api/training-reports/sign-link/', { token }),
    );
    expect(shown.detail.id).toBe(report.id);
    expect(shown.detail.signatures_missing).toContain('LEGAL_REPRESENTATIVE');
    const pdf = await anonymous.post('/api/training-reports/sign-link/pdf/', { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    const signed = json<AssessmentDetail>(
      await anonymous.post(`/api/assessments/${report.id}/sign/`, { token, comment: 'Gelesen' }),
    );
    expect(signed.signatures).toEqual([
      expect.objectContaining({
        role: 'LEGAL_REPRESENTATIVE',
        comment: 'Gelesen',
        profile: expect.objectContaining({ id: parent.id }),
      }),
    ]);
    const again = await anonymous.post(`/api/assessments/${report.id}/sign/`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('sign_link_invalid');
    const [audit] = await t.database.db
      .select({ by: auditTrail.actorUserId, value: auditTrail.newValue })
      .from(auditTrail)
      .where(and(eq(auditTrail.entityId, report.id), eq(auditTrail.action, 'sign')));
    expect(audit).toMatchObject({
      by: null,
      value: { by: 'sign_link', role: 'LEGAL_REPRESENTATIVE' },
    });
    // the report's history names the signer, who has no login
    const history = json<{ results: { action: string; actor: string | null }[] }>(
      await instructor.client.get(`/api/assessments/${report.id}/history/`),
    );
    expect(history.results.find((e) => e.action === 'sign')?.actor).toBe(
      `${parent.firstName} ${parent.lastName}`,
    );
  });

  it('works for its own report only, and not without a token', async () => {
    const first = await reportForParentWithoutLogin();
    const second = await reportForParentWithoutLogin();
    const token = tokenIn(t.mail.last(first.address)!.text);
    const anonymous = t.client();
    const elsewhere = await anonymous.post(`/api/assessments/${second.report.id}/sign/`, { token });
    expect(elsewhere.statusCode).toBe(404);
    expect((await anonymous.post(`/api/assessments/${first.report.id}/sign/`, {})).statusCode).toBe(
      401,
    );
    expect(
      (await anonymous.post('/api/training-reports/sign-link/', { token: 'guess' })).statusCode,
    ).toBe(404);
    expect((await detailOf(instructor.client, second.report.id)).signatures).toEqual([]);
    // past its deadline, a link is refused like a used one
    await t.database.db
      .update(signLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signLinks.assessmentId, first.report.id));
    const expired = await anonymous.post(`/api/assessments/${first.report.id}/sign/`, { token });
    expect(expired.statusCode).toBe(404);
  });

  it('is sent again by the instructor, the earlier link then stops working', async () => {
    const { report, address, student } = await reportForParentWithoutLogin('fr');
    const old = tokenIn(t.mail.last(address)!.text);
    const sent = json<{ sent: number }>(
      await instructor.client.post(`/api/assessments/${report.id}/sign-link/`, {}),
    );
    expect(sent.sent).toBe(1);
    const fresh = tokenIn(t.mail.last(address)!.text);
    expect(fresh).not.toBe(old);
    const anonymous = t.client();
    expect(
      (await anonymous.post('/api/training-reports/sign-link/', { token: old })).statusCode,
    ).toBe(404);
    json(await anonymous.post(`/api/assessments/${report.id}/sign/`, { token: fresh }));
    // nobody left to send it to; a student may not send it
    expect(
      (await instructor.client.post(`/api/assessments/${report.id}/sign-link/`, {})).statusCode,
    ).toBe(409);
    expect(
      (await student.client.post(`/api/assessments/${report.id}/sign-link/`, {})).statusCode,
    ).toBe(403);
  });

  it('is not mailed to a legal representative who signs in, nor for an adult', async () => {
    const { parent, report } = await studentWithReport(yearsAgo(16));
    const adult = await reportForParentWithoutLoginOfAdult();
    json(await validate(report.id));
    const [login] = await t.database.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, parent.profileId));
    expect(t.mail.sent.filter((m) => m.to === login!.email && /sign-report/.test(m.text))).toEqual(
      [],
    );
    expect(t.mail.sent.filter((m) => m.to === adult && /sign-report/.test(m.text))).toEqual([]);
  });

  /** An adult's report validated, their legal representative without a login: the address. */
  async function reportForParentWithoutLoginOfAdult() {
    const { student, report } = await studentWithReport(yearsAgo(19));
    const address = `adult-parent-${report.id}@example.ch`;
    const parent = await createPerson(t.database.db, {
      withUser: false,
      profile: { email: address },
    });
    await addLegalRepresentative(t.database.db, student.profileId, parent.profile.id);
    json(await validate(report.id));
    return address;
  }
});

describe('the report’s PDF', () => {
  it('holds both evaluations, the goals with their review, the view and the sign-offs, in the reader’s language', async () => {
    const { student, report } = await studentWithReport(yearsAgo(20), '2026-01-31');
    await addGoal(report.id, 'Plan the week alone');
    json(await validate(report.id));
    const next = await nextReport(student.profileId, '2026-07-31');
    const { criteria } = await selfAssessmentOf(student.client, next.id);
    json(
      await student.client.patch(`/api/assessments/${next.id}/self-assessment/`, {
        criteria: [
          { criterion: criteria[0]!.criterion, evaluation: 'GOOD', text: 'Checked twice' },
        ],
        view: 'The project weeks helped.',
        version: 1,
      }),
    );
    json(await student.client.post(`/api/assessments/${next.id}/self-assessment/submit/`));
    const carried = (await goalsOf(instructor.client, next.id)).carried_goals[0]!;
    json(
      await instructor.client.patch(`/api/goals/${carried.id}/`, {
        review_status: 'ACHIEVED',
        review_comment: 'Every week since March',
        version: carried.version,
      }),
    );
    await addGoal(next.id, 'Lead a customer meeting');
    json(await validate(next.id));
    json(await instructor.client.post(`/api/assessments/${next.id}/sign/`, {}));
    json(await student.client.post(`/api/assessments/${next.id}/sign/`, { comment: 'Discussed' }));

    const [me] = await t.database.db
      .select({ last: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, student.profileId));
    student.client.language = 'de';
    const response = await student.client.get(`/api/assessments/${next.id}/pdf/`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Selbstbeurteilung: Gut – Checked twice',
      'Plan the week alone',
      'Überprüfung: Erreicht – Every week since March',
      'Lead a customer meeting',
      'The project weeks helped.',
      'Lernende/r:',
      me!.last,
      'Kommentar: Discussed',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Ausbildner\/in: .+, unterschrieben am/);
    expect(text).not.toContain('Ort und Datum');
  });
});

describe('due reports', () => {
  it('shows per semester who has none, in progress, validated, signed or overdue', async () => {
    const unit = (await createUnit(t.database.db)).id;
    const manager = await signIn(t, [{ role: 'COURSE_MANAGER', unitId: unit }]);
    const lead = await signIn(t, [{ role: 'INSTRUCTOR', unitId: unit }]);
    const student = async (name: string) =>
      (
        await createPerson(t.database.db, {
          roles: [{ role: 'STUDENT', unitId: unit }],
          profile: { firstName: name, lastName: 'Due', birthDate: yearsAgo(20) },
        })
      ).profile.id;
    const past = await createModule(t.database.db, {
      unitId: unit,
      moduleType: 'TRAINING_REPORT',
      endDate: '2026-01-31',
      blocks: [{ criteria: [evaluationCriterion()] }],
    });
    const pastGroup = await createGroup(t.database.db, past.module.id, [lead.profileId]);
    const overdue = await student('Olga');
    const validated = await student('Vera');
    const signed = await student('Sina');
    for (const [id, status] of [
      [overdue, 'IN_PROGRESS'],
      [validated, 'VALIDATED'],
      [signed, 'VALIDATED'],
    ] as const)
      await createAssessment(t.database.db, {
        moduleId: past.module.id,
        groupId: pastGroup.id,
        studentId: id,
        status,
        validatedAt: status === 'VALIDATED' ? new Date('2026-01-20T10:00:00Z') : null,
      });
    const [signedReport] = await t.database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.studentId, signed));
    await t.database.db.execute(sql`insert into signatures
      (assessment_id, role, profile_id, assessment_version) values
      (${signedReport!.id}, 'INSTRUCTOR', ${lead.profileId}, 1),
      (${signedReport!.id}, 'STUDENT', ${signed}, 1)`);

    const due = json<DueReports>(
      await manager.client.get(`/api/training-reports/due/?unit=${unit}&semester=2025-1`),
    );
    expect(due).toMatchObject({ start: '2025-08-01', end: '2026-01-31' });
    expect(due.results.map((r) => [r.student.first_name, r.state])).toEqual([
      ['Olga', 'OVERDUE'],
      ['Sina', 'SIGNED'],
      ['Vera', 'VALIDATED'],
    ]);
    expect(due.results.find((r) => r.state === 'VALIDATED')!.signatures_missing).toEqual([
      'INSTRUCTOR',
      'STUDENT',
    ]);
    expect(due.states).toMatchObject({ OVERDUE: 1, SIGNED: 1, VALIDATED: 1 });
    const onlyOverdue = json<DueReports>(
      await manager.client.get(
        `/api/training-reports/due/?unit=${unit}&semester=2025-1&state=OVERDUE`,
      ),
    );
    expect(onlyOverdue.count).toBe(1);
    expect(due.groups.map((g) => g.id)).toEqual([pastGroup.id]);
    expect(due.instructors.map((i) => i.id)).toEqual([lead.profileId]);

    // the current semester: an open report of this semester is in progress, no report is none
    const current = await createModule(t.database.db, {
      unitId: unit,
      moduleType: 'TRAINING_REPORT',
      endDate: today(),
      blocks: [{ criteria: [evaluationCriterion()] }],
    });
    const group = await createGroup(t.database.db, current.module.id, [lead.profileId]);
    await createAssessment(t.database.db, {
      moduleId: current.module.id,
      groupId: group.id,
      studentId: validated,
    });
    const now = json<DueReports>(await lead.client.get(`/api/training-reports/due/?unit=${unit}`));
    expect(now.semester).toBe(semesterCode(today()));
    // the past module is still open: its students are expected to have a report this semester
    expect(now.results.map((r) => [r.student.first_name, r.state])).toEqual([
      ['Olga', 'NONE'],
      ['Sina', 'NONE'],
      ['Vera', 'IN_PROGRESS'],
    ]);
    expect(
      (await otherInstructor.client.get(`/api/training-reports/due/?unit=${unit}`)).statusCode,
    ).toBe(404);
    const student_ = await signIn(t, [{ role: 'STUDENT', unitId: unit }]);
    expect((await student_.client.get(`/api/training-reports/due/?unit=${unit}`)).statusCode).toBe(
      403,
    );
  });
});
