import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueReportSemester, schoolYearOf, swissDay } from '../../domain/school-calendar.ts';
import { rowsOf } from '../db/rows.ts';
import {
  assessments,
  criterionEvaluations,
  legalRepresentatives,
  modules,
  profiles,
  selfAssessmentCriteria,
  selfAssessments,
  signatures,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  addLegalRepresentative,
  createAssessment,
  createGroup,
  createModule,
} from '../test/assessment-factories.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { refreshRiskReasons, riskReasonsKeeper } from './refresh-risk-reasons.ts';

let t: TestApp;
let unitId: number;
const today = swissDay(new Date());
const year = schoolYearOf(today);
const semester = dueReportSemester(today);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  unitId = (await createUnit(db())).id;
});
afterAll(() => t.close());

interface Kept {
  student_id: number;
  unit_id: number;
  reason: string;
  assessment_id: number | null;
  group_id: number | null;
  grade: string | null;
}
const keptRows = () =>
  rowsOf<Kept>(
    db(),
    sql`select student_id, unit_id, reason, assessment_id, group_id, grade from risk_reasons
      order by student_id, reason, assessment_id`,
  );

/**
 * The kept ranking of the canton's list: each active student's severity, lowest grade, name;
 * checked against the tally the list reads as its count.
 */
async function keptRanking() {
  const ranking = await rowsOf<{
    student_id: number;
    severity: number;
    lowest: string | null;
    last_name: string;
    first_name: string;
  }>(
    db(),
    sql`select student_id, severity, lowest::text, last_name, first_name from risk_students
      order by student_id`,
  );
  const [tally] = await rowsOf<{ students: number }>(
    db(),
    sql`select students from risk_students_tally`,
  );
  expect(tally?.students).toBe(ranking.length);
  return ranking;
}

/**
 * The kept reasons and ranking after the marked students' were worked out again, checked against
 * all of them worked out afresh; then the reasons of `student`.
 */
async function keptReasons(student: number, day = today) {
  await refreshRiskReasons(db(), day);
  const kept = await keptRows();
  const ranking = await keptRanking();
  await db().execute(sql`delete from risk_reasons_state`);
  await refreshRiskReasons(db(), day);
  expect(kept).toEqual(await keptRows());
  expect(ranking).toEqual(await keptRanking());
  return kept.filter((row) => row.student_id === student).map((row) => row.reason);
}

async function student(birthDate: string | null = null) {
  const person = await createPerson(db(), {
    roles: [{ role: 'STUDENT', unitId }],
    profile: { birthDate },
  });
  return person.profile.id;
}

/** A validated assessment of `student` in a module of `type` ending on `day`. */
async function validated(
  studentId: number,
  grade: string,
  options: {
    type?: 'INTERCOMPANY_COURSE' | 'TRAINING_REPORT';
    day?: string;
    criteria?: number;
  } = {},
) {
  const day = options.day ?? `${year.start.slice(0, 4)}-09-15`;
  const { module, criteria } = await createModule(db(), {
    unitId,
    moduleType: options.type ?? 'INTERCOMPANY_COURSE',
    startDate: day,
    endDate: day,
    blocks: [
      { criteria: Array.from({ length: options.criteria ?? 0 }, () => ({ hasEvaluation: true })) },
    ],
  });
  const group = await createGroup(db(), module.id);
  const assessment = await createAssessment(db(), {
    moduleId: module.id,
    groupId: group.id,
    studentId,
    status: 'VALIDATED',
    grade,
    validatedAt: new Date(),
  });
  return { assessment, module, criteria };
}

const setAssessment = (id: number, values: Partial<typeof assessments.$inferInsert>) =>
  db().update(assessments).set(values).where(eq(assessments.id, id));

describe('kept at-risk reasons', () => {
  it('follow grades, status, inclusion, module dates, units, groups and deletes', async () => {
    const id = await student();
    const { assessment, module } = await validated(id, '4.5');
    expect(await keptReasons(id)).toEqual([]);

    await setAssessment(assessment.id, { grade: '3.5' });
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    await setAssessment(assessment.id, { status: 'IN_PROGRESS' });
    expect(await keptReasons(id)).toEqual([]);
    await setAssessment(assessment.id, { status: 'VALIDATED' });
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    await setAssessment(assessment.id, { isIncludedInGradeSummary: false });
    expect(await keptReasons(id)).toEqual([]);
    await setAssessment(assessment.id, { isIncludedInGradeSummary: true });

    const lastYear = `${Number(year.start.slice(0, 4)) - 1}-09-15`;
    const moveModule = (values: Partial<typeof modules.$inferInsert>) =>
      db().update(modules).set(values).where(eq(modules.id, module.id));
    await moveModule({ startDate: lastYear, endDate: lastYear });
    expect(await keptReasons(id)).toEqual([]);
    await moveModule({ startDate: year.start, endDate: year.start });
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);

    const other = await createUnit(db());
    await moveModule({ unitId: other.id });
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    const [moved] = (await keptRows()).filter((row) => row.student_id === id);
    expect(moved).toMatchObject({ unit_id: other.id });
    await moveModule({ unitId });

    const group = await createGroup(db(), module.id, [], 'Another group');
    await setAssessment(assessment.id, { groupId: group.id });
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    expect((await keptRows()).find((row) => row.student_id === id)).toMatchObject({
      group_id: group.id,
    });

    await db().delete(assessments).where(eq(assessments.id, assessment.id));
    expect(await keptReasons(id)).toEqual([]);
  });

  it('follow sign-offs, birth dates and legal representatives', async () => {
    const minor = await student(`${Number(today.slice(0, 4)) - 16}-01-01`);
    const { assessment } = await validated(minor, '5', {
      type: 'TRAINING_REPORT',
      day: semester.end,
    });
    expect(await keptReasons(minor)).toEqual(['TRAINING_REPORT_UNSIGNED']);
    await db()
      .insert(signatures)
      .values(
        (['INSTRUCTOR', 'STUDENT'] as const).map((role) => ({
          assessmentId: assessment.id,
          role,
          profileId: minor,
          assessmentVersion: 1,
        })),
      );
    // a minor's report awaits their legal representative too, an adult's does not
    expect(await keptReasons(minor)).toEqual(['TRAINING_REPORT_UNSIGNED']);
    await db().update(profiles).set({ birthDate: '1990-01-01' }).where(eq(profiles.id, minor));
    expect(await keptReasons(minor)).toEqual([]);

    // without a birth date, having a legal representative decides
    await db().update(profiles).set({ birthDate: null }).where(eq(profiles.id, minor));
    expect(await keptReasons(minor)).toEqual([]);
    const representative = await createPerson(db(), {
      roles: [{ role: 'LEGAL_REPRESENTATIVE', unitId }],
    });
    await addLegalRepresentative(db(), minor, representative.profile.id);
    expect(await keptReasons(minor)).toEqual(['TRAINING_REPORT_UNSIGNED']);
    await db().delete(legalRepresentatives).where(eq(legalRepresentatives.studentId, minor));
    expect(await keptReasons(minor)).toEqual([]);
  });

  it('follow a self-assessment’s submission and the evaluations it is compared with', async () => {
    const id = await student('1990-01-01');
    const { assessment, criteria } = await validated(id, '5', {
      type: 'TRAINING_REPORT',
      day: today,
      criteria: 3,
    });
    await db()
      .update(criterionEvaluations)
      .set({ evaluation: 'INSUFFICIENT' })
      .where(eq(criterionEvaluations.assessmentId, assessment.id));
    await db().insert(selfAssessments).values({ assessmentId: assessment.id });
    await db()
      .insert(selfAssessmentCriteria)
      .values(criteria.map((c) => ({ assessmentId: assessment.id, criterionId: c.id })));
    const gap = (): Promise<string[]> =>
      keptReasons(id).then((list) => list.filter((reason) => reason === 'SELF_ASSESSMENT_GAP'));

    // the student's GOOD on three criteria counts once the self-assessment is submitted
    await db()
      .update(selfAssessmentCriteria)
      .set({ evaluation: 'GOOD' })
      .where(eq(selfAssessmentCriteria.assessmentId, assessment.id));
    expect(await gap()).toEqual([]);
    await db()
      .update(selfAssessments)
      .set({ submittedAt: new Date() })
      .where(eq(selfAssessments.assessmentId, assessment.id));
    expect(await gap()).toEqual(['SELF_ASSESSMENT_GAP']);
    const trainerSays = (evaluation: 'GOOD' | 'INSUFFICIENT') =>
      db()
        .update(criterionEvaluations)
        .set({ evaluation })
        .where(eq(criterionEvaluations.criterionId, criteria[0]!.id));
    await trainerSays('GOOD');
    expect(await gap()).toEqual([]);
    await trainerSays('INSUFFICIENT');
    expect(await gap()).toEqual(['SELF_ASSESSMENT_GAP']);
    const ownFirst = eq(selfAssessmentCriteria.criterionId, criteria[0]!.id);
    await db().delete(selfAssessmentCriteria).where(ownFirst);
    expect(await gap()).toEqual([]);
    await db()
      .insert(selfAssessmentCriteria)
      .values({ assessmentId: assessment.id, criterionId: criteria[0]!.id, evaluation: 'GOOD' });
    expect(await gap()).toEqual(['SELF_ASSESSMENT_GAP']);
    await db()
      .update(selfAssessmentCriteria)
      .set({ evaluation: 'SUFFICIENT' })
      .where(eq(selfAssessmentCriteria.criterionId, criteria[1]!.id));
    expect(await gap()).toEqual([]);
  });

  it('are worked out again on a new day, and a change rolled back leaves them', async () => {
    const id = await student();
    const { assessment } = await validated(id, '3');
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    const rolledBack = db().transaction(async (tx) => {
      await tx.update(assessments).set({ grade: '5' }).where(eq(assessments.id, assessment.id));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    // the grade's school year is over a year later
    const nextYear = `${Number(year.end.slice(0, 4)) + 1}-10-01`;
    expect(await keptReasons(id, nextYear)).toEqual([]);
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
  });

  it('rank a student by their reasons and their name, and follow a new name or status', async () => {
    const id = await student();
    const { assessment } = await validated(id, '3.5');
    await validated(id, '2.5');
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE', 'INSUFFICIENT_GRADE']);
    const ranked = async () => (await keptRanking()).filter((row) => row.student_id === id);
    expect(await ranked()).toEqual([expect.objectContaining({ severity: 6, lowest: '2.5' })]);
    await setAssessment(assessment.id, { grade: '4.5' });
    await db().update(profiles).set({ lastName: 'Zürcher' }).where(eq(profiles.id, id));
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    expect(await ranked()).toEqual([
      expect.objectContaining({ severity: 3, lowest: '2.5', last_name: 'Zürcher' }),
    ]);
    await db().update(profiles).set({ status: 'ARCHIVED' }).where(eq(profiles.id, id));
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    expect(await ranked()).toEqual([]);
  });

  it('never come back for an erased student, whose grades stay anonymous', async () => {
    const id = await student();
    const { assessment } = await validated(id, '3');
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    await db().update(profiles).set({ erasedAt: new Date() }).where(eq(profiles.id, id));
    await setAssessment(assessment.id, { grade: '2.5' });
    expect(await keptReasons(id)).toEqual([]);
  });

  it('are brought up to date in the background every minute, the first a minute after the start', async () => {
    const id = await student();
    await validated(id, '3');
    const marks = async () =>
      (
        await rowsOf<{ n: number }>(
          db(),
          sql`select count(*)::int as n from risk_reasons_stale where student_id = ${id}`,
        )
      )[0]!.n;
    const keep = riskReasonsKeeper(db());
    const start = new Date();
    await keep(start);
    await keep(new Date(start.getTime() + 59_000));
    expect(await marks()).toBeGreaterThan(0);
    await keep(new Date(start.getTime() + 60_000));
    expect(await marks()).toBe(0);
    expect((await keptRows()).filter((row) => row.student_id === id)).toEqual([
      expect.objectContaining({ reason: 'INSUFFICIENT_GRADE', grade: '3' }),
    ]);
  });

  it('are all worked out again once the assessments are emptied', async () => {
    const id = await student();
    await validated(id, '3');
    expect(await keptReasons(id)).toEqual(['INSUFFICIENT_GRADE']);
    await db().execute(sql`truncate assessments cascade`);
    await refreshRiskReasons(db(), today);
    expect(await keptRows()).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'neither wait for a change still open nor lose it once it commits',
    async () => {
      const id = await student();
      const { assessment } = await validated(id, '5');
      await refreshRiskReasons(db(), today);
      const reasons = async () =>
        (await keptRows()).filter((row) => row.student_id === id).map((row) => row.grade);
      // a committed change marks the student; another, on the same student, stays open
      await setAssessment(assessment.id, { grade: '3.5' });
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let changed = () => {};
      const open = new Promise<void>((resolve) => (changed = resolve));
      const change = db().transaction(async (tx) => {
        await tx.update(assessments).set({ grade: '3' }).where(eq(assessments.id, assessment.id));
        changed();
        await committed;
      });
      await open;
      await refreshRiskReasons(db(), today);
      expect(await reasons()).toEqual(['3.5']);
      commit();
      await change;
      await refreshRiskReasons(db(), today);
      expect(await reasons()).toEqual(['3']);
    },
  );
});
