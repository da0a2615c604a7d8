import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortStudents, profiles } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createCohort,
  signIn,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { createPerson } from '../test/factories.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: TestApp;
let w: AssessmentWorld;
let cohortId: number;
/** the cohort's students: Zoë Müller (assessed by the instructor), Ana Čolić, Léa Albrecht */
let zoe: number;
let ana: number;
let lea: number;

const rename = (id: number, firstName: string, lastName: string) =>
  w.db.update(profiles).set({ firstName, lastName }).where(eq(profiles.id, id));

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  zoe = w.people.student.profileId;
  ana = w.people.otherStudent.profileId;
  lea = (await createPerson(w.db, { roles: [{ role: 'STUDENT', unitId: w.unitA.id }] })).profile.id;
  await rename(zoe, 'Zoë', 'Müller');
  await rename(ana, 'Ana', 'Čolić');
  await rename(lea, 'Léa', 'Albrecht');
  // the instructor assesses Zoë only; her summary holds one validated and one open assessment
  await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: zoe,
    status: 'VALIDATED',
    grade: '4.5',
    isIncludedInGradeSummary: true,
  });
  cohortId = (await createCohort(w.db, w.unitA.id, [zoe, ana, lea])).id;
});
afterAll(() => t.close());

const zipUrl = (query = 'format=pdf') => `/api/cohorts/${cohortId}/grade-summaries/zip/?${query}`;
const entriesOf = (body: Buffer) => unzipSync(new Uint8Array(body));

describe('a cohort’s grade summaries as one ZIP', () => {
  it('holds every student’s summary for the course manager, in alphabetical order', async () => {
    const preview = await w.people.courseManager.client.get(
      `/api/cohorts/${cohortId}/grade-summaries/`,
    );
    expect(preview.json()).toEqual({ students: 3, left_out: 0 });

    const response = await w.people.courseManager.client.get(zipUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-export-files']).toBe('3');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Relevés de notes Cohort.zip')}`,
    );
    const entries = entriesOf(response.rawPayload);
    // Č sorts with C in French, not after Z
    expect(Object.keys(entries)).toEqual(['Albrecht Léa.pdf', 'Čolić Ana.pdf', 'Müller Zoë.pdf']);
    const zoeText = await pdfText(entries['Müller Zoë.pdf']!);
    expect(zoeText).toContain('Relevé de notes');
    expect(zoeText).toContain('4,5');
  });

  it('builds both formats when asked, in the reader’s language', async () => {
    const client = w.people.courseManager.client;
    client.language = 'de';
    const response = await client.get(zipUrl('format=pdf&format=xlsx'));
    client.language = 'fr';
    expect(response.headers['x-export-files']).toBe('6');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('Notenübersichten Cohort.zip'),
    );
    const entries = entriesOf(response.rawPayload);
    expect(Object.keys(entries)).toHaveLength(6);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(entries['Müller Zoë.xlsx']!.slice().buffer);
    expect(book.worksheets[0]!.getCell('A1').text).toContain('Notenübersicht');
  });

  it('holds only the students an instructor assesses, and says how many are left out', async () => {
    const client = w.people.instructor.client;
    const preview = await client.get(`/api/cohorts/${cohortId}/grade-summaries/`);
    expect(preview.json()).toEqual({ students: 1, left_out: 2 });
    const entries = entriesOf((await client.get(zipUrl())).rawPayload);
    expect(Object.keys(entries)).toEqual(['Müller Zoë.pdf']);
  });

  it('is not found for who may not list the cohort, and for another unit’s managers', async () => {
    for (const reader of [w.people.student, w.people.otherCourseManager]) {
      expect((await reader.client.get(zipUrl())).statusCode).toBe(404);
      const preview = await reader.client.get(`/api/cohorts/${cohortId}/grade-summaries/`);
      expect(preview.statusCode).toBe(404);
    }
  });

  it('refuses a missing or unknown format with a localized error', async () => {
    const client = w.people.courseManager.client;
    const none = await client.get(`/api/cohorts/${cohortId}/grade-summaries/zip/`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ format: ['Veuillez choisir au moins une valeur'] });
    const unknown = await client.get(zipUrl('format=docx'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'format.0': ['Choix invalide'] });
  });

  it('has no cap: a cohort of 1,500 students counts all of them', async () => {
    const inserted = await w.db
      .insert(profiles)
      .values(
        Array.from({ length: 1500 }, (_, i) => ({ firstName: `Student${i}`, lastName: 'Big' })),
      )
      .returning({ id: profiles.id });
    const big = await createCohort(w.db, w.unitA.id);
    await w.db
      .insert(cohortStudents)
      .values(inserted.map(({ id }) => ({ cohortId: big.id, studentId: id })));
    // students of no unit: only the admin reads their summaries
    const admin = w.people.admin.client;
    const preview = await admin.get(`/api/cohorts/${big.id}/grade-summaries/`);
    expect(preview.json()).toEqual({ students: 1500, left_out: 0 });
  });

  it('is rate-limited per account: a ZIP costs one render per student', async () => {
    const { client } = await signIn(t, [{ role: 'COURSE_MANAGER', unitId: w.unitA.id }]);
    const empty = (await createCohort(w.db, w.unitA.id)).id;
    const url = `/api/cohorts/${empty}/grade-summaries/zip/?format=pdf`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await client.get(url)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const empties = entriesOf((await w.people.courseManager.client.get(url)).rawPayload);
    expect(empties).toEqual({});
  });
});
