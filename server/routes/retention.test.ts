import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import {
  assessments,
  criterionEvaluations,
  fallingGrades,
  modules,
  notifications,
  users,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createModule,
  evaluationCriterion,
  createGroup,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
let old: number;
let recentModule: number;

const FIRST = 'Zéphyrine';
const LAST = 'Quasimodo-Effacée';
const REMARK = 'Très soigneuse avec les outils';

/** Every text and JSON value of every table that holds `needle`: where it is found. */
async function whereFound(needle: string) {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    w.db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await rowsOf<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
        where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
    );
    if (row!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t, [
    { name: 'Atelier', criteria: [evaluationCriterion({ hasTextInput: true })] },
  ]);
  const { student, instructor, admin } = w.people;
  // the student's training ended in June 2019; the other student's last year
  await w.db.update(modules).set({ endDate: '2019-06-30' }).where(eq(modules.id, w.module.id));
  old = (
    await createAssessment(w.db, {
      moduleId: w.module.id,
      groupId: w.group.id,
      studentId: student.profileId,
    })
  ).id;
  const recent = await createModule(w.db, {
    unitId: w.unitA.id,
    endDate: new Date().toISOString().slice(0, 10),
    blocks: [{ criteria: [evaluationCriterion()] }],
  });
  recentModule = recent.module.id;
  const group = await createGroup(w.db, recent.module.id, [instructor.profileId]);
  await createAssessment(w.db, {
    moduleId: recent.module.id,
    groupId: group.id,
    studentId: w.people.otherStudent.profileId,
  });
  // what the platform gathered about the student over the years
  const renamed = await admin.client.patch(`/api/profiles/${student.profileId}/`, {
    first_name: FIRST,
    last_name: LAST,
  });
  expect(renamed.statusCode).toBe(200);
  const [evaluation] = await w.db
    .select()
    .from(criterionEvaluations)
    .where(eq(criterionEvaluations.assessmentId, old));
  const evaluated = await instructor.client.patch(
    `/api/assessments/criteria/evaluations/${evaluation!.id}/`,
    { version: 1, evaluation: 'GOOD', text: REMARK },
  );
  expect(evaluated.statusCode).toBe(200);
  await instructor.client.get(`/api/assessments/${old}/`);
});
afterAll(() => t.close());

describe('erasure after retention', () => {
  it('lists to admins only the students whose last module ended before the retention', async () => {
    const listed = await w.people.admin.client.get('/api/retention/');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ retention_years: 5, count: 1 });
    expect(listed.json().results).toEqual([
      {
        id: w.people.student.profileId,
        first_name: FIRST,
        last_name: LAST,
        last_end: '2019-06-30',
      },
    ]);
    for (const who of ['unitAdmin', 'courseManager', 'student'] as const)
      expect((await w.people[who].client.get('/api/retention/')).statusCode, who).toBe(403);
  });

  it('refuses a student still inside the retention, with the reason, and changes nothing', async () => {
    const other = w.people.otherStudent;
    const refused = await w.people.admin.client.post(`/api/profiles/${other.profileId}/erase/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().profile).toEqual([
      'Cette personne ne peut pas encore être effacée : sa dernière formation a pris fin il y a moins de 5 ans.',
    ]);
    expect((await other.client.get('/api/users/me/')).statusCode).toBe(200);
    expect(recentModule).toBeGreaterThan(0);
    const byUnitAdmin = await w.people.unitAdmin.client.post(
      `/api/profiles/${w.people.student.profileId}/erase/`,
    );
    expect(byUnitAdmin.statusCode).toBe(403);
  });

  it('leaves no personal value in any table, removes the login, keeps the anonymous grades', async () => {
    const { student, admin } = w.people;
    const email = (await admin.client.get(`/api/profiles/${student.profileId}/`)).json().email;
    expect(await whereFound(LAST)).not.toEqual([]);
    expect(await whereFound(REMARK)).not.toEqual([]);
    const about = { kind: 'INSUFFICIENT_GRADE' as const, studentId: student.profileId };
    await w.db.insert(notifications).values([
      { ...about, recipientId: student.profileId, params: { grade: '3.5' } },
      { ...about, recipientId: w.people.courseManager.profileId, params: { grade: '3.5' } },
    ]);

    // a warning sign about them, which the at-risk list keeps with their name
    await w.db.insert(fallingGrades).values({
      studentId: student.profileId,
      unitId: w.unitA.id,
      moduleType: 'INTERCOMPANY_COURSE',
      recentMean: '3.5',
      previousMean: '4.5',
      latestAssessmentId: old,
    });
    await w.db.execute(sql`delete from risk_reasons_state`);
    expect((await admin.client.get('/api/students/at-risk/')).statusCode).toBe(200);
    expect(await whereFound(LAST)).toContain('risk_students.last_name');

    const erased = await admin.client.post(`/api/profiles/${student.profileId}/erase/`);
    expect(erased.statusCode).toBe(204);

    for (const value of [FIRST, LAST, email, REMARK])
      expect(await whereFound(value), value).toEqual([]);
    // the at-risk list's count no longer counts them
    const [ranking] = await rowsOf<{ tally: number; ranked: number }>(
      w.db,
      sql`select (select students from risk_students_tally) as tally,
        (select count(*)::int from risk_students) as ranked`,
    );
    expect(ranking!.tally).toBe(ranking!.ranked);
    expect((await student.client.get('/api/users/me/')).statusCode).toBe(401);
    expect(await w.db.select().from(users).where(eq(users.id, student.userId))).toEqual([]);
    const [kept] = await w.db.select().from(assessments).where(eq(assessments.id, old));
    expect(kept!.studentId).toBe(student.profileId);
    const [evaluation] = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, old));
    expect(evaluation!.evaluation).toBe('GOOD');
    const told = await w.db
      .select()
      .from(notifications)
      .where(eq(notifications.studentId, student.profileId));
    expect(told).toEqual([]);
    expect((await admin.client.get('/api/retention/')).json().count).toBe(0);
    const again = await admin.client.post(`/api/profiles/${student.profileId}/erase/`);
    expect(again.statusCode).toBe(400);
  });
});
