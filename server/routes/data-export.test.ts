import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { serverMessages } from '../i18n/index.ts';
import { pdfText } from '../test/pdf-text.ts';
import { PERSONAL_TABLES } from '../queries/personal-data.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createCohort,
  createModule,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
let assessment: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  const { student, otherStudent } = w.people;
  assessment = (
    await createAssessment(w.db, {
      moduleId: w.module.id,
      groupId: w.group.id,
      studentId: student.profileId,
    })
  ).id;
  // a classmate in the same group and cohort: nothing of theirs may reach the export
  await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: otherStudent.profileId,
  });
  await createCohort(w.db, w.unitA.id, [student.profileId, otherStudent.profileId]);
});
afterAll(() => t.close());

const profileOf = async (who: keyof AssessmentWorld['people']) =>
  (await w.people.admin.client.get(`/api/profiles/${w.people[who].profileId}/`)).json() as {
    first_name: string;
    last_name: string;
    email: string;
  };

const exportOf = (who: keyof AssessmentWorld['people']) =>
  w.people[who].client.get(`/api/profiles/${w.people.student.profileId}/data-export/`);

describe('GET /api/profiles/{id}/data-export/', () => {
  it('holds what the platform keeps about the student, and nothing about anyone else', async () => {
    const { instructor } = w.people;
    const [evaluation] = await rowsOf<{ id: number }>(
      w.db,
      sql`select id from criterion_evaluations where assessment_id = ${assessment}`,
    );
    await instructor.client.patch(`/api/assessments/criteria/evaluations/${evaluation!.id}/`, {
      version: 1,
      grade: '5.5',
    });
    await instructor.client.get(`/api/assessments/${assessment}/`);

    const response = await exportOf('student');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; .*\.json/);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const data = response.json();
    const me = await profileOf('student');
    expect(data.profile).toMatchObject([{ first_name: me.first_name, last_name: me.last_name }]);
    expect(data.login).toMatchObject([{ email: me.email, has_password: true }]);
    expect(data.roles).toMatchObject([{ role: 'STUDENT' }]);
    const representative = await profileOf('representative');
    expect(data.legal_representatives).toEqual([
      { first_name: representative.first_name, last_name: representative.last_name },
    ]);
    expect(data.cohorts).toHaveLength(1);
    expect(data.assessments).toHaveLength(1);
    expect(data.assessments[0].criteria).toMatchObject([{ criterion: 'Grade', grade: '5.5' }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const teacher = await profileOf('instructor');
    expect(data.reads_of_my_grades).toMatchObject([
      { kind: 'assessment', reader: `${teacher.first_name} ${teacher.last_name}` },
    ]);

    const text = response.body;
    const classmate = await profileOf('otherStudent');
    for (const other of [classmate.first_name, classmate.last_name, classmate.email, teacher.email])
      expect(text).not.toContain(other);
    expect(text).not.toMatch(/argon2|password_hash|token_hash|id_hash/);
  });

  it('holds the warning signs the at-risk list shows today, with their source', async () => {
    const { module } = await createModule(w.db, { unitId: w.unitA.id, name: 'Low module' });
    await createAssessment(w.db, {
      moduleId: module.id,
      groupId: null,
      studentId: w.people.student.profileId,
      status: 'VALIDATED',
      grade: '3.5',
      validatedAt: new Date(),
    });
    const data = (await exportOf('student')).json();
    expect(data.warning_signs).toEqual([
      expect.objectContaining({
        reason: 'INSUFFICIENT_GRADE',
        unit: w.unitA.name,
        module: 'Low module',
        grade: '3.5',
      }),
    ]);
  });

  it('is given to the person, their legal representatives and admins only, and audited', async () => {
    for (const who of ['student', 'representative', 'admin'] as const)
      expect((await exportOf(who)).statusCode, who).toBe(200);
    for (const who of ['otherStudent', 'otherRepresentative', 'instructor', 'unitAdmin'] as const)
      expect((await exportOf(who)).statusCode, who).toBe(404);
    expect(
      (await t.client().get(`/api/profiles/${w.people.student.profileId}/data-export/`)).statusCode,
    ).toBe(401);
    const [audited] = await rowsOf<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from audit_trail
        where action = 'data_export' and entity_id = ${w.people.student.profileId}`,
    );
    expect(audited!.n).toBeGreaterThanOrEqual(3);
  });

  it('comes as a readable PDF in the reader’s language, every section titled', async () => {
    const { student } = w.people;
    student.client.language = 'de';
    const response = await student.client.get(
      `/api/profiles/${student.profileId}/data-export/?format=pdf`,
    );
    student.client.language = 'fr';
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/\.pdf/);
    const text = await pdfText(response.rawPayload);
    const me = await profileOf('student');
    expect(text).toContain('Meine Daten');
    expect(text).toContain(`${me.first_name} ${me.last_name}`);
    // the criterion evaluated in the first test, with its localized field names
    expect(text).toMatch(/Kriterium: Grade · Note: 5\.5/);
    expect(text).toContain('Rolle');
    expect(text).toContain('Lernende');
    // codes are written out: the profile's status, the assessment's
    expect(text).not.toMatch(/\bACTIVE\b|IN_PROGRESS|\bSTUDENT\b/);
    const json = (await exportOf('student')).json();
    for (const section of Object.keys(json).filter((key) => key !== 'exported_at'))
      for (const locale of ['fr', 'de', 'it'] as const)
        expect(
          serverMessages(locale)[`dataSection.${section}`],
          `${locale} ${section}`,
        ).toBeTruthy();
    const classmate = await profileOf('otherStudent');
    expect(text).not.toContain(classmate.last_name);
  });

  it('covers every table that refers to a profile or a login', async () => {
    const referring = await rowsOf<{ table_name: string }>(
      w.db,
      sql`select distinct c.conrelid::regclass::text as table_name from pg_constraint c
        where c.contype = 'f' and c.confrelid in ('profiles'::regclass, 'users'::regclass)`,
    );
    const covered = new Set(Object.keys(PERSONAL_TABLES));
    expect(referring.map((r) => r.table_name).filter((name) => !covered.has(name))).toEqual([]);
  });
});
