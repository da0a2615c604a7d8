import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ModuleType } from '../../domain/constants.ts';
import type { StudentAtRisk } from '../../domain/schemas/at-risk.ts';
import { dueReportSemester, schoolYearOf, swissDay } from '../../domain/school-calendar.ts';
import {
  assessments,
  criterionEvaluations,
  fallingGrades,
  modules,
  notifications,
  profiles,
  readLog,
  selfAssessmentCriteria,
  selfAssessments,
  signatures,
} from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  signIn,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { createPerson } from '../test/factories.ts';
import { captureQueries } from '../test/query-counter.ts';
import { runNamed } from '../test/generic-plans.ts';

let t: TestApp;
let w: AssessmentWorld;
const today = swissDay(new Date());
const year = schoolYearOf(today);
const semester = dueReportSemester(today);

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
});
afterAll(() => t.close());

/**
 * A student's training report of this school year whose submitted self-assessment says GOOD
 * where the trainer says INSUFFICIENT on `gaps` criteria (and agrees on one more).
 */
async function selfAssessed(gaps: number) {
  const person = await createPerson(w.db, { roles: [{ role: 'STUDENT', unitId: w.unitA.id }] });
  const { module, criteria } = await createModule(w.db, {
    unitId: w.unitA.id,
    moduleType: 'TRAINING_REPORT',
    endDate: today,
    blocks: [{ criteria: Array.from({ length: gaps + 1 }, () => ({ hasEvaluation: true })) }],
  });
  const a = await createAssessment(w.db, {
    moduleId: module.id,
    groupId: (await createGroup(w.db, module.id)).id,
    studentId: person.profile.id,
  });
  await w.db
    .update(criterionEvaluations)
    .set({ evaluation: 'INSUFFICIENT' })
    .where(eq(criterionEvaluations.assessmentId, a.id));
  await w.db.insert(selfAssessments).values({ assessmentId: a.id, submittedAt: new Date() });
  await w.db.insert(selfAssessmentCriteria).values(
    criteria.map((c, index) => ({
      assessmentId: a.id,
      criterionId: c.id,
      evaluation: index < gaps ? ('GOOD' as const) : ('INSUFFICIENT' as const),
    })),
  );
  return person.profile.id;
}

/** A new student of unit A (or B) and a validated module of `type` per grade, in `group` order. */
async function studentWith(
  grades: string[],
  options: { type?: ModuleType; day?: string; unit?: 'A' | 'B'; instructed?: boolean } = {},
) {
  const unitId = options.unit === 'B' ? w.unitB.id : w.unitA.id;
  const person = await createPerson(w.db, { roles: [{ role: 'STUDENT', unitId }] });
  const ids: number[] = [];
  for (const [index, grade] of grades.entries()) {
    const day = options.day ?? `${year.start.slice(0, 4)}-09-${String(index + 1).padStart(2, '0')}`;
    const { module } = await createModule(w.db, {
      unitId,
      moduleType: options.type ?? 'INTERCOMPANY_COURSE',
      startDate: day,
      endDate: day,
    });
    const instructors = options.instructed ? [w.people.instructor.profileId] : [];
    const group = await createGroup(w.db, module.id, instructors);
    const a = await createAssessment(w.db, {
      moduleId: module.id,
      groupId: group.id,
      studentId: person.profile.id,
      status: 'VALIDATED',
      grade,
      validatedAt: new Date(),
    });
    ids.push(a.id);
  }
  return { id: person.profile.id, assessments: ids };
}

/** `list` sorted as the at-risk list orders it: by severity, then lowest grade, then name. */
function inListOrder(list: StudentAtRisk[]) {
  const lowest = (s: StudentAtRisk) =>
    Math.min(...s.reasons.map((r) => (r.grade === null ? Infinity : Number(r.grade))));
  const byName = (a: StudentAtRisk, b: StudentAtRisk) =>
    a.student.last_name.localeCompare(b.student.last_name) ||
    a.student.first_name.localeCompare(b.student.first_name) ||
    a.student.id - b.student.id;
  return [...list].sort((a, b) => b.severity - a.severity || lowest(a) - lowest(b) || byName(a, b));
}

async function atRisk(client: ApiClient, query = '') {
  const response = await client.get(`/api/students/at-risk/?limit=1000${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number; results: StudentAtRisk[] }>().results;
}
const reasonsOf = (list: StudentAtRisk[], studentId: number) =>
  list.find((s) => s.student.id === studentId)?.reasons.map((r) => r.reason) ?? [];

describe('GET /students/at-risk/', () => {
  it('flags a validated grade of 3.9 in this school year, not 4.0, with its assessment', async () => {
    const low = await studentWith(['3.9']);
    const enough = await studentWith(['4']);
    const list = await atRisk(w.people.courseManager.client, `&unit=${w.unitA.id}`);
    const entry = list.find((s) => s.student.id === low.id)!;
    expect(entry.reasons).toEqual([
      expect.objectContaining({
        reason: 'INSUFFICIENT_GRADE',
        grade: '3.9',
        assessment_id: low.assessments[0],
      }),
    ]);
    expect(reasonsOf(list, enough.id)).toEqual([]);
  });

  it('ignores an insufficient grade of an earlier school year, in progress or left out of the summary', async () => {
    const earlier = await studentWith(['3'], {
      day: `${Number(year.start.slice(0, 4)) - 1}-09-01`,
    });
    const student = await studentWith(['3']);
    await w.db
      .update(assessments)
      .set({ isIncludedInGradeSummary: false })
      .where(eq(assessments.id, student.assessments[0]!));
    const draft = await studentWith(['3']);
    await w.db
      .update(assessments)
      .set({ status: 'IN_PROGRESS' })
      .where(eq(assessments.id, draft.assessments[0]!));
    const list = await atRisk(w.people.unitAdmin.client);
    for (const id of [earlier.id, student.id, draft.id]) expect(reasonsOf(list, id)).toEqual([]);
  });

  it('flags grades that fall by 0.5 over three modules of one type, not by 0.4', async () => {
    const falling = await studentWith(['5', '5', '5', '4.5', '4.5', '4.5']);
    const steady = await studentWith(['5', '5', '5', '4.6', '4.6', '4.6']);
    const mixed = await studentWith(['5', '5', '5'], { type: 'INTERCOMPANY_COURSE' });
    const list = await atRisk(w.people.courseManager.client);
    const entry = list.find((s) => s.student.id === falling.id)!;
    const [latest] = await w.db
      .select({ groupId: assessments.groupId })
      .from(assessments)
      .where(eq(assessments.id, falling.assessments[5]!));
    expect(entry.reasons).toEqual([
      expect.objectContaining({
        reason: 'FALLING_GRADES',
        recent_mean: '4.5',
        previous_mean: '5',
        assessment_id: falling.assessments[5],
        group: expect.objectContaining({ id: latest!.groupId, name: 'Group' }),
      }),
    ]);
    expect(reasonsOf(list, steady.id)).toEqual([]);
    expect(reasonsOf(list, mixed.id)).toEqual([]);
    const only = await atRisk(w.people.courseManager.client, '&reason=FALLING_GRADES');
    expect(reasonsOf(only, falling.id)).toEqual(['FALLING_GRADES']);
  });

  it('keeps falling grades in step with reopening, exclusion and a module’s new date', async () => {
    const student = await studentWith(['5', '5', '5', '4.5', '4.5', '4.5']);
    const rows = () =>
      w.db.select().from(fallingGrades).where(eq(fallingGrades.studentId, student.id));
    expect(await rows()).toHaveLength(1);
    const reopen = await w.people.courseManager.client.post(
      `/api/assessments/${student.assessments[5]}/reopen/`,
    );
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(await rows()).toHaveLength(0);
    await w.db
      .update(assessments)
      .set({ status: 'VALIDATED' })
      .where(eq(assessments.id, student.assessments[5]!));
    expect(await rows()).toHaveLength(1);
    // the first module moved last: 5, 5, 4.5 then 4.5, 4.5, 5 is no fall
    const [first] = await w.db
      .select({ moduleId: assessments.moduleId })
      .from(assessments)
      .where(eq(assessments.id, student.assessments[0]!));
    await w.db
      .update(modules)
      .set({
        startDate: `${year.start.slice(0, 4)}-09-30`,
        endDate: `${year.start.slice(0, 4)}-09-30`,
      })
      .where(eq(modules.id, first!.moduleId));
    expect(await rows()).toHaveLength(0);
  });

  it('tells the course managers of the unit once when grades start to fall', async () => {
    const student = await studentWith(['5', '5', '5', '4.5', '4.5', '4.5']);
    const received = async (profileId: number) =>
      (
        await w.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.recipientId, profileId),
              eq(notifications.studentId, student.id),
              eq(notifications.kind, 'AT_RISK'),
            ),
          )
      ).length;
    expect(await received(w.people.courseManager.profileId)).toBe(1);
    expect(await received(w.people.otherCourseManager.profileId)).toBe(0);
    expect(await received(w.people.instructor.profileId)).toBe(0);
    // a change that keeps the fall does not tell them again
    await w.db
      .update(assessments)
      .set({ grade: '4' })
      .where(eq(assessments.id, student.assessments[5]!));
    expect(await received(w.people.courseManager.profileId)).toBe(1);
  });

  it('flags a student whose training report of the due semester is missing or not validated', async () => {
    const before = yearBeforeSemester();
    const missing = await studentWith(['5'], { type: 'TRAINING_REPORT', day: before });
    const unvalidated = await studentWith(['5'], { type: 'TRAINING_REPORT', day: before });
    const report = await studentWith(['5'], { type: 'TRAINING_REPORT', day: semester.end });
    await w.db
      .update(assessments)
      .set({ status: 'IN_PROGRESS' })
      .where(eq(assessments.id, report.assessments[0]!));
    const done = await studentWith(['5'], { type: 'TRAINING_REPORT', day: semester.start });
    const list = await atRisk(w.people.courseManager.client, '&reason=TRAINING_REPORT_MISSING');
    expect(list.find((s) => s.student.id === missing.id)?.reasons).toEqual([
      expect.objectContaining({
        reason: 'TRAINING_REPORT_MISSING',
        assessment_id: null,
        semester_start: semester.start,
        semester_end: semester.end,
      }),
    ]);
    expect(reasonsOf(list, report.id)).toEqual(['TRAINING_REPORT_MISSING']);
    const [reported] = await w.db
      .select({ groupId: assessments.groupId })
      .from(assessments)
      .where(eq(assessments.id, report.assessments[0]!));
    // the source is the report of the due semester, with its group; none when there is none
    expect(list.find((s) => s.student.id === report.id)!.reasons[0]).toMatchObject({
      assessment_id: report.assessments[0],
      group: { id: reported!.groupId, name: 'Group' },
    });
    expect(list.find((s) => s.student.id === missing.id)!.reasons[0]!.group).toBeNull();
    expect(reasonsOf(list, done.id)).toEqual([]);
    expect(reasonsOf(list, unvalidated.id)).toEqual(['TRAINING_REPORT_MISSING']);
    expect(list.every((s) => s.reasons.every((r) => r.reason === 'TRAINING_REPORT_MISSING'))).toBe(
      true,
    );
  });

  it('flags a report of the due semester validated but still waiting for a sign-off', async () => {
    const unsigned = await studentWith(['5'], { type: 'TRAINING_REPORT', day: semester.end });
    const signed = await studentWith(['5'], { type: 'TRAINING_REPORT', day: semester.end });
    await w.db.update(profiles).set({ birthDate: '1990-01-01' }).where(eq(profiles.id, signed.id));
    await w.db.insert(signatures).values(
      (['INSTRUCTOR', 'STUDENT'] as const).map((role) => ({
        assessmentId: signed.assessments[0]!,
        role,
        profileId: role === 'STUDENT' ? signed.id : w.people.instructor.profileId,
        assessmentVersion: 1,
      })),
    );
    const list = await atRisk(w.people.courseManager.client, '&reason=TRAINING_REPORT_UNSIGNED');
    expect(list.find((s) => s.student.id === unsigned.id)?.reasons).toEqual([
      expect.objectContaining({
        reason: 'TRAINING_REPORT_UNSIGNED',
        assessment_id: unsigned.assessments[0],
        semester_end: semester.end,
      }),
    ]);
    expect(reasonsOf(list, signed.id)).toEqual([]);
  });

  it('flags a submitted self-assessment two levels from the trainer on three criteria', async () => {
    const flagged = await selfAssessed(3);
    const near = await selfAssessed(2);
    const list = await atRisk(w.people.courseManager.client, '&reason=SELF_ASSESSMENT_GAP');
    expect(reasonsOf(list, flagged)).toEqual(['SELF_ASSESSMENT_GAP']);
    expect(reasonsOf(list, near)).toEqual([]);
  });

  it('puts the most severe first and filters by group and student', async () => {
    const both = await studentWith(['5', '5', '5', '3.5', '3.5', '3.5'], { instructed: true });
    // the same severity and grade: the name decides, not the order they came in
    const [first, second] = [await studentWith(['3.2']), await studentWith(['3.2'])];
    await w.db.update(profiles).set({ lastName: 'Zumbach' }).where(eq(profiles.id, first.id));
    await w.db.update(profiles).set({ lastName: 'Aebi' }).where(eq(profiles.id, second.id));
    const list = await atRisk(w.people.courseManager.client);
    const ids = list.map((s) => s.student.id);
    expect(ids.indexOf(second.id)).toBe(ids.indexOf(first.id) - 1);
    expect(list.map((s) => s.student.id)).toEqual(inListOrder(list).map((s) => s.student.id));
    expect(new Set(list.map((s) => s.severity)).size).toBeGreaterThan(1);
    // pages are slices of that order
    const paged = [];
    for (const offset of [0, 2, 4]) {
      const response = await w.people.courseManager.client.get(
        `/api/students/at-risk/?limit=2&offset=${offset}`,
      );
      paged.push(...response.json<{ results: StudentAtRisk[] }>().results);
    }
    expect(paged.map((s) => s.student.id)).toEqual(list.slice(0, 6).map((s) => s.student.id));
    const entry = list.find((s) => s.student.id === both.id)!;
    expect(entry.severity).toBe(3 * 3 + 2);
    const [, , , , , last] = both.assessments;
    const [group] = await w.db
      .select({ groupId: assessments.groupId })
      .from(assessments)
      .where(eq(assessments.id, last!));
    const all = await w.people.courseManager.client.get('/api/students/at-risk/?limit=1');
    expect(all.json().groups).toContainEqual(
      expect.objectContaining({ id: group!.groupId, name: 'Group' }),
    );
    const inGroup = await atRisk(w.people.courseManager.client, `&group=${group!.groupId}`);
    expect(inGroup.map((s) => s.student.id)).toEqual([both.id]);
    const one = await atRisk(w.people.courseManager.client, `&student=${both.id}`);
    expect(one.map((s) => s.student.id)).toEqual([both.id]);
    const reads = await w.db
      .select()
      .from(readLog)
      .where(and(eq(readLog.studentId, both.id), eq(readLog.kind, 'students_at_risk')));
    expect(reads.length).toBeGreaterThan(0);
  });

  it("gives the whole canton's list, read from its kept ranking, as each unit's list weighs it", async () => {
    const twice = await studentWith(['3.4', '3.6'], { unit: 'B' });
    const peer = await studentWith(['3.4'], { unit: 'B' });
    const renamed = await studentWith(['3.4'], { unit: 'B' });
    const archived = await studentWith(['1']);
    await w.db.update(profiles).set({ lastName: 'Aaberg' }).where(eq(profiles.id, renamed.id));
    await w.db.update(profiles).set({ status: 'ARCHIVED' }).where(eq(profiles.id, archived.id));
    const admin = w.people.admin.client;
    const canton = await atRisk(admin);
    const units = [
      ...(await atRisk(admin, `&unit=${w.unitA.id}`)),
      ...(await atRisk(admin, `&unit=${w.unitB.id}`)),
    ];
    expect(canton).toEqual(inListOrder(units));
    const ids = canton.map((s) => s.student.id);
    expect(ids).not.toContain(archived.id);
    expect(ids.indexOf(twice.id)).toBeLessThan(ids.indexOf(renamed.id));
    // the same severity and lowest grade as an earlier student: the new name puts it first
    expect(ids.indexOf(renamed.id)).toBeLessThan(ids.indexOf(peer.id));
    expect(canton.find((s) => s.student.id === renamed.id)?.student.last_name).toBe('Aaberg');
    const first = await admin.get('/api/students/at-risk/?limit=2&offset=1');
    expect(first.json<{ count: number }>().count).toBe(canton.length);
    expect(first.json<{ results: StudentAtRisk[] }>().results).toEqual(canton.slice(1, 3));
    // past the end: no one, the same count
    const past = await admin.get(`/api/students/at-risk/?limit=2&offset=${canton.length}`);
    expect(past.json()).toMatchObject({ count: canton.length, results: [] });
    expect((await admin.get('/api/students/at-risk/?offset=-1')).statusCode).toBe(400);
  });

  it('offers the groups to filter by once the reasons all come from one unit', async () => {
    const inA = await studentWith(['3.1']);
    await studentWith(['3.1'], { unit: 'B' });
    const [source] = await w.db
      .select({ groupId: assessments.groupId })
      .from(assessments)
      .where(eq(assessments.id, inA.assessments[0]!));
    const groupsOf = async (query: string) =>
      (await w.people.admin.client.get(`/api/students/at-risk/?limit=1${query}`))
        .json<{ groups: { id: number }[] }>()
        .groups.map((g) => g.id);
    // the admin's reasons come from both units: no choice of groups, but the one filtered by
    expect(await groupsOf('')).toEqual([]);
    expect(await groupsOf(`&group=${source!.groupId}`)).toEqual([source!.groupId]);
    const ofA = await groupsOf(`&unit=${w.unitA.id}`);
    expect(ofA).toContain(source!.groupId);
    expect(ofA.length).toBeGreaterThan(1);
    // a course manager of unit A reads unit A's reasons only
    const manager = await w.people.courseManager.client.get('/api/students/at-risk/?limit=1');
    expect(manager.json<{ groups: { id: number }[] }>().groups.map((g) => g.id)).toEqual(ofA);
  });
});

function yearBeforeSemester() {
  const [y, m] = semester.start.split('-');
  return `${Number(y) - 1}-${m}-15`;
}

describe('who sees whom on the at-risk list', () => {
  let inA: { id: number };
  let inB: { id: number };
  let instructed: { id: number };
  beforeAll(async () => {
    inA = await studentWith(['2']);
    inB = await studentWith(['2'], { unit: 'B' });
    instructed = await studentWith(['2'], { instructed: true });
  });

  //               role                    sees A, B, instructed
  const cases: [keyof AssessmentWorld['people'], [boolean, boolean, boolean]][] = [
    ['admin', [true, true, true]],
    ['unitAdmin', [true, false, true]],
    ['courseManager', [true, false, true]],
    ['otherUnitAdmin', [false, true, false]],
    ['otherCourseManager', [false, true, false]],
    ['instructor', [false, false, true]],
    ['otherInstructor', [false, false, false]],
  ];
  it.each(cases)('%s', async (who, [a, b, mine]) => {
    const list = await atRisk(w.people[who].client);
    const ids = list.map((s) => s.student.id);
    expect([ids.includes(inA.id), ids.includes(inB.id), ids.includes(instructed.id)]).toEqual([
      a,
      b,
      mine,
    ]);
  });

  it('refuses students and legal representatives (403) and anonymous callers (401)', async () => {
    for (const who of ['student', 'representative'] as const)
      expect((await w.people[who].client.get('/api/students/at-risk/')).statusCode).toBe(403);
    const anonymous = await t.client().get('/api/students/at-risk/');
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives nothing for a unit or student outside the reach', async () => {
    expect(await atRisk(w.people.courseManager.client, `&unit=${w.unitB.id}`)).toEqual([]);
    expect(await atRisk(w.people.courseManager.client, `&student=${inB.id}`)).toEqual([]);
    const newcomer = await signIn(t, [{ role: 'INSTRUCTOR', unitId: w.unitA.id }]);
    expect(await atRisk(newcomer.client)).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the at-risk list on PostgreSQL', () => {
  /**
   * The list is one named statement per shape of reader. An instructor's must be planned once per
   * connection (a generic plan), not again for every request: its planning cost as much as a
   * quarter of the statement's time at canton scale.
   */
  it("plans an instructor's list once, not on every request", async () => {
    await studentWith(['2', '3.5'], { instructed: true });
    const sent = await captureQueries(w.db, () => atRisk(w.people.instructor.client));
    const list = sent.find((q) => q.query.startsWith('with v as materialized'));
    expect(list?.query).toContain('from risk_reasons r');
    // a canton's kept reasons, 1,000 in each of 20 other units: what the planner weighs at scale
    await w.db
      .execute(sql`insert into risk_reasons (student_id, unit_id, reason, weight, module_type)
      select 1000000 + n, 1000000 + n % 20, 'INSUFFICIENT_GRADE', 2, 'INTERCOMPANY_COURSE'
      from generate_series(1, 20000) n`);
    await w.db.execute(sql`analyze`);
    try {
      const { answers, genericPlans } = await runNamed(w.db, list!);
      // the generic plan answers as the first, made for the values
      expect(answers.slice(5)).toEqual([answers[0], answers[0], answers[0]]);
      expect(JSON.stringify(answers[0])).toContain('3.5');
      expect(genericPlans).toBeGreaterThan(0);
    } finally {
      await w.db.execute(sql`delete from risk_reasons where unit_id >= 1000000`);
    }
  });
});
