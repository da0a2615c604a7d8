import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessments,
  blockEvaluations,
  criterionEvaluations,
  profiles,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { pdfFonts, pdfText } from '../test/pdf-text.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  evaluationCriterion,
  gradeCriterion,
  signIn,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';
import { countQueries } from '../test/query-counter.ts';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let w: AssessmentWorld;
let assessmentId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t, [
    {
      name: 'Sécurité au travail',
      reference: 'A1',
      criteria: [
        evaluationCriterion({ name: 'Porte les équipements', hasTextInput: true }),
        gradeCriterion({ name: 'Travail pratique' }),
        { name: 'Observations', hasTextInput: true },
        { name: 'Présentation orale', letterEvaluation: { min: 'A', max: 'F' } },
        {
          name: 'Autonomie',
          hasProgression: true,
          flags: ['OBSERVED', 'PRACTICED', 'AUTONOMOUSLY_EXECUTED'],
        },
      ],
    },
    {
      name: 'Bloc interne',
      reference: 'X9',
      shouldIncludeInExport: false,
      coefficient: '0',
      criteria: [evaluationCriterion({ name: 'Critère confidentiel' })],
    },
    {
      name: 'Compétences sociales',
      reference: 'B',
      blocks: [
        {
          name: 'Communication',
          reference: 'B1',
          criteria: [evaluationCriterion({ name: 'Écoute active' })],
        },
      ],
    },
  ]);
  const db = w.db;
  const student = w.people.student.profileId;
  await db
    .update(profiles)
    .set({ firstName: 'Zoë', lastName: 'Müller-Bérard' })
    .where(eq(profiles.id, student));
  await db
    .update(profiles)
    .set({ firstName: 'Jörg', lastName: 'Dätwyler' })
    .where(eq(profiles.id, w.people.instructor.profileId));
  await db
    .update(profiles)
    .set({ firstName: 'Ana', lastName: 'Čolić' })
    .where(eq(profiles.id, w.people.enterpriseInstructor.profileId));
  const { id } = await createAssessment(db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: student,
    status: 'IN_PROGRESS',
    grade: '4.5',
    comment: 'Très bon engagement durant tout le cours.',
    isIncludedInGradeSummary: true,
  });
  assessmentId = id;
  const criterion = (name: string) => w.criteria.find((c) => c.name === name)!.id;
  const evaluate = (name: string, values: Partial<typeof criterionEvaluations.$inferInsert>) =>
    db
      .update(criterionEvaluations)
      .set(values)
      .where(
        and(
          eq(criterionEvaluations.assessmentId, id),
          eq(criterionEvaluations.criterionId, criterion(name)),
        ),
      );
  await evaluate('Porte les équipements', {
    evaluation: 'GOOD',
    points: '2',
    text: 'Toujours équipé.',
  });
  await evaluate('Observations', { text: 'Attentif et précis.' });
  await evaluate('Travail pratique', { grade: '5.5', trend: 'UP', points: '1.8' });
  await evaluate('Présentation orale', { letter: 'B', points: '1.6' });
  await evaluate('Autonomie', { progression: ['OBSERVED', 'PRACTICED'] });
  await evaluate('Écoute active', { evaluation: 'SUFFICIENT', points: '1.2' });
  const block = (name: string) => w.blocks.find((b) => b.name === name)!.id;
  const grade = (name: string, value: string, comment = '') =>
    db
      .update(blockEvaluations)
      .set({ grade: value, comment })
      .where(and(eq(blockEvaluations.assessmentId, id), eq(blockEvaluations.blockId, block(name))));
  await grade('Sécurité au travail', '5.3', 'Consignes bien appliquées.');
  await grade('Bloc interne', '2.0');
  await grade('Compétences sociales', '4.0');
  await grade('Communication', '4.0');

  // a second, insufficient assessment in the grade summary
  const report = await createModule(db, {
    unitId: w.unitA.id,
    name: 'Rapport semestriel',
    moduleType: 'TRAINING_REPORT',
    startDate: '2026-09-01',
    endDate: '2027-01-31',
    blocks: [{ criteria: [gradeCriterion()] }],
  });
  const group = await createGroup(db, report.module.id, [w.people.instructor.profileId]);
  await createAssessment(db, {
    moduleId: report.module.id,
    groupId: group.id,
    studentId: student,
    status: 'VALIDATED',
    grade: '3.5',
    isIncludedInGradeSummary: true,
  });
});
afterAll(() => t.close());

const pdfUrl = () => `/api/assessments/${assessmentId}/pdf/`;
const summaryUrl = (format: 'pdf' | 'xlsx') =>
  `/api/profiles/${w.people.student.profileId}/grade-summary/${format}/`;

const validate = () =>
  w.db
    .update(assessments)
    .set({
      status: 'VALIDATED',
      validatedAt: new Date('2026-08-06T12:30:00Z'),
      validatedBy: w.people.instructor.userId,
    })
    .where(eq(assessments.id, assessmentId));

describe('GET /api/assessments/{id}/pdf/', () => {
  it('is a PDF download named after the assessment and the student', async () => {
    const response = await w.people.courseManager.client.get(pdfUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PDF);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Evaluation - Zoe Muller-Berard - Module.pdf"; ` +
        `filename*=UTF-8''%C3%89valuation%20-%20Zo%C3%AB%20M%C3%BCller-B%C3%A9rard%20-%20Module.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the header, the exported blocks with their evaluations, the grades and signature lines, in French', async () => {
    const text = await pdfText((await w.people.courseManager.client.get(pdfUrl())).rawPayload);
    expect(text.split('\n')[0]).toBe('Évaluation - Zoë Müller-Bérard - Module');
    for (const expected of [
      'Evaluanda',
      'Ana Čolić',
      'Zoë Müller-Bérard',
      'Module',
      'Cours interentreprises (CIE)',
      'Group',
      'Jörg Dätwyler',
      'En cours',
      'A1 Sécurité au travail',
      'Note du bloc : 5,3',
      'Porte les équipements',
      'Niveau : Bien',
      'Toujours équipé.',
      'Note : 5,5',
      'Tendance : En hausse',
      'Lettre : B',
      'Points : 1,6 / 2',
      'Progression : Observé, Exercé',
      'Commentaire : Consignes bien appliquées.',
      'B Compétences sociales',
      'B1 Communication',
      'Écoute active',
      'Niveau : Suffisant',
      'Note du module',
      '4,5',
      'Très bon engagement durant tout le cours.',
      'Signatures',
      'Apprenti·e',
      'Formateur·trice',
      'Représentant·e légal·e',
      'Lieu et date',
      'Signature',
      'Page 1 / ',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Bloc interne');
    expect(text).not.toContain('Critère confidentiel');
    expect(text).toContain('Observations \nAttentif et précis.');
    expect(text).not.toContain('Non évalué'); // every criterion has its evaluation
  });

  it('speaks German when asked', async () => {
    const text = await pdfText(
      (await w.people.courseManager.client.get(pdfUrl(), { 'accept-language': 'de-CH' }))
        .rawPayload,
    );
    for (const expected of [
      'Zoë Müller-Bérard',
      'Überbetrieblicher Kurs (üK)',
      'Blocknote: 5.3',
      'Stufe: Gut',
      'Tendenz: Steigend',
      'Lernfortschritt: Beobachtet, Geübt',
      'Modulnote',
      'Unterschriften',
      'Lernende/r',
      'Gesetzliche Vertretung',
      'Ort und Datum',
      'Unterschrift',
      'Seite 1 / ',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Bloc interne');
  });

  it('reads as many rows as the detail, plus the instructors and its rate-limit counters', async () => {
    const client = w.people.courseManager.client;
    const json = await countQueries(w.db, () => client.get(`/api/assessments/${assessmentId}/`));
    const pdf = await countQueries(w.db, () => client.get(pdfUrl()));
    // one upsert counts the address and the account (lib/rate-limit.ts)
    expect(pdf).toBe(json + 1 + 1);
  });

  it('is not found for readers outside its reach, and for learners before validation', async () => {
    for (const reader of [
      w.people.otherCourseManager,
      w.people.otherStudent,
      w.people.otherInstructor,
      w.people.student,
      w.people.representative,
    ])
      expect((await reader.client.get(pdfUrl())).statusCode).toBe(404);
    expect((await t.client().get(pdfUrl())).statusCode).toBe(401);
  });

  it('reaches the student and their legal representative once validated', async () => {
    await validate();
    for (const reader of [w.people.student, w.people.representative]) {
      const response = await reader.client.get(pdfUrl());
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain('Validée');
      expect(text).toContain('06.08.2026 14:30, Jörg Dätwyler');
    }
    expect((await w.people.otherStudent.client.get(pdfUrl())).statusCode).toBe(404);
  });
});

describe('GET /api/profiles/{id}/grade-summary/pdf/', () => {
  it('lists the grades by module type with averages and marks the insufficient ones', async () => {
    const response = await w.people.courseManager.client.get(summaryUrl('pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PDF);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Releve de notes - Zoe Muller-Berard.pdf"; ` +
        `filename*=UTF-8''Relev%C3%A9%20de%20notes%20-%20Zo%C3%AB%20M%C3%BCller-B%C3%A9rard.pdf`,
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Relevé de notes',
      'Zoë Müller-Bérard',
      'Cours interentreprises (CIE)',
      'Module',
      '4,5',
      'Rapport de formation',
      'Rapport semestriel',
      '01.09.2026 – 31.01.2027',
      'Validée',
      '3,5 *',
      'Moyenne',
      'Moyenne générale',
      '4,0',
      '* note insuffisante (inférieure à 4)',
    ])
      expect(text).toContain(expected);
  });

  it('speaks Italian and German when asked', async () => {
    const client = w.people.courseManager.client;
    const it = await client.get(summaryUrl('pdf'), { 'accept-language': 'it' });
    expect(it.headers['content-disposition']).toContain(
      `filename="Riepilogo delle note - Zoe Muller-Berard.pdf"`,
    );
    expect(await pdfText(it.rawPayload)).toContain('Media generale');
    const de = await pdfText(
      (await client.get(summaryUrl('pdf'), { 'accept-language': 'de' })).rawPayload,
    );
    for (const expected of ['Notenübersicht', 'Bildungsbericht', 'Gesamtdurchschnitt', '3.5 *'])
      expect(de).toContain(expected);
  });
});

describe('names in the PDFs', () => {
  /** A new student of unit A with this name, graded 5 in the module (in the grade summary). */
  async function assessedStudent(firstName: string, lastName: string) {
    const student = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    await w.db
      .update(profiles)
      .set({ firstName, lastName })
      .where(eq(profiles.id, student.profileId));
    const assessment = await createAssessment(w.db, {
      moduleId: w.module.id,
      groupId: w.group.id,
      studentId: student.profileId,
      status: 'IN_PROGRESS',
      grade: '5',
      isIncludedInGradeSummary: true,
    });
    return { studentId: student.profileId, assessmentId: assessment.id };
  }

  it('prints every Latin letter of a name as typed, in fonts embedded in the file', async () => {
    const { studentId, assessmentId } = await assessedStudent('Ana', 'Čolić-Łukasz Şahin Ő');
    const client = w.people.courseManager.client;
    for (const url of [
      `/api/assessments/${assessmentId}/pdf/`,
      `/api/profiles/${studentId}/grade-summary/pdf/`,
    ]) {
      const pdf = (await client.get(url)).rawPayload;
      const text = await pdfText(pdf);
      const [title, ...pages] = text.split('\n');
      expect(title).toContain('Ana Čolić-Łukasz Şahin Ő');
      expect(pages.join('\n')).toContain('Ana Čolić-Łukasz Şahin Ő');
      // subsets of DejaVu Sans (the same letters on every reader's machine), no standard font
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/^\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    }
  });

  it('prints each name right when two PDFs are made at the same time (fonts shared, subsets not)', async () => {
    const names = [
      ['Łucja', 'Wróblewska-Łęcka'],
      ['Čedomir', 'Šarić-Đokić'],
    ] as const;
    const students = await Promise.all(
      names.map(([firstName, lastName]) => assessedStudent(firstName, lastName)),
    );
    const client = w.people.courseManager.client;
    const pdfs = await Promise.all(
      students.map(({ assessmentId }) => client.get(`/api/assessments/${assessmentId}/pdf/`)),
    );
    const texts = await Promise.all(pdfs.map((response) => pdfText(response.rawPayload)));
    const [first, second] = names.map((name) => name.join(' '));
    expect(texts[0]).toContain(first);
    expect(texts[0]).not.toContain(second);
    expect(texts[1]).toContain(second);
    expect(texts[1]).not.toContain(first);
    for (const { rawPayload } of pdfs)
      for (const font of pdfFonts(rawPayload))
        expect(font).toMatch(/^\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });
});

describe('GET /api/profiles/{id}/grade-summary/xlsx/', () => {
  it('is one sheet with the student, a header row and grades as numbers', async () => {
    const response = await w.people.courseManager.client.get(summaryUrl('xlsx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''Relev%C3%A9%20de%20notes%20-%20Zo%C3%AB%20M%C3%BCller-B%C3%A9rard.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getCell('A1').value)).toContain('Zoë Müller-Bérard');
    expect(sheet.getCell('B2').value).toBeInstanceOf(Date);
    const rows = sheet
      .getSheetValues()
      .flatMap((values, index) =>
        Array.isArray(values) ? [{ index, cells: values.slice(1) }] : [],
      );
    const row = (first: string, second?: string) =>
      rows.find((r) => r.cells[0] === first && (second === undefined || r.cells[1] === second))!;
    expect(row('Type de module').cells).toEqual([
      'Type de module',
      'Module',
      'Début',
      'Fin',
      'Statut',
      'Note',
      'Remarque',
    ]);
    const course = row('Cours interentreprises (CIE)', 'Module');
    expect(course.cells[5]).toBe(4.5);
    const courseGrade = sheet.getRow(course.index).getCell(6);
    expect(courseGrade.type).toBe(ExcelJS.ValueType.Number);
    expect(courseGrade.numFmt).toBe('0.0');
    const report = row('Rapport de formation', 'Rapport semestriel');
    expect(report.cells[2]).toEqual(new Date('2026-09-01T00:00:00Z'));
    expect(report.cells[4]).toBe('Validée');
    expect(report.cells[5]).toBe(3.5);
    expect(report.cells[6]).toBe('Insuffisant');
    expect(sheet.getRow(report.index).getCell(6).font?.bold).toBe(true);
    expect(row('Moyenne – Cours interentreprises (CIE)').cells[5]).toBe(4.5);
    expect(row('Moyenne – Rapport de formation').cells[6]).toBe('Insuffisant');
    expect(row('Moyenne générale').cells[5]).toBe(4);
  });
});

describe('grade summary exports: who may read them', () => {
  it('follows the grade summary: its unit, the student, their legal representative', async () => {
    for (const format of ['pdf', 'xlsx'] as const) {
      for (const reader of [w.people.courseManager, w.people.student, w.people.representative])
        expect((await reader.client.get(summaryUrl(format))).statusCode).toBe(200);
      for (const reader of [w.people.otherCourseManager, w.people.otherStudent])
        expect((await reader.client.get(summaryUrl(format))).statusCode).toBe(404);
    }
  });
});
