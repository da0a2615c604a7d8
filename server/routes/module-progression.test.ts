import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ProgressionFlag } from '../../domain/constants.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import { criterionEvaluations, readLog } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createCohort,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
const progression = (name: string) => ({
  name,
  hasProgression: true,
  flags: ['OBSERVED', 'PRACTICED', 'SUPERVISED', 'AUTONOMOUSLY_EXECUTED'] as ProgressionFlag[],
});
let inGroup: number;
let inOtherGroup: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t, [
    {
      name: 'Sécurité',
      reference: 'A',
      criteria: [progression('Porter les EPI'), { name: 'Remarque', hasTextInput: true }],
      blocks: [{ name: 'Machines', reference: 'A.1', criteria: [progression('Régler la scie')] }],
    },
    { name: 'Clients', reference: 'B', criteria: [progression('Accueillir')] },
  ]);
  const first = await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: w.people.student.profileId,
  });
  inGroup = first.id;
  const second = await createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.otherGroup.id,
    studentId: w.people.otherStudent.profileId,
  });
  inOtherGroup = second.id;
  const tick = async (assessmentId: number, criterionName: string, flags: ProgressionFlag[]) => {
    const criterion = w.criteria.find((c) => c.name === criterionName)!;
    await w.db
      .update(criterionEvaluations)
      .set({ progression: flags })
      .where(
        and(
          eq(criterionEvaluations.assessmentId, assessmentId),
          eq(criterionEvaluations.criterionId, criterion.id),
        ),
      );
  };
  await tick(inGroup, 'Porter les EPI', ['SUPERVISED', 'OBSERVED']);
  await tick(inGroup, 'Accueillir', ['OBSERVED']);
  await tick(inOtherGroup, 'Régler la scie', ['AUTONOMOUSLY_EXECUTED']);
});
afterAll(() => t.close());

const mapOf = async (who: keyof AssessmentWorld['people'], query = '') => {
  const response = await w.people[who].client.get(
    `/api/modules/instances/${w.module.id}/progression/${query}`,
  );
  return { status: response.statusCode, map: response.json<ProgressionMap>() };
};

describe('GET /modules/instances/{id}/progression/', () => {
  it('has the progression criteria in the tree’s order and each student’s furthest stage', async () => {
    const { status, map } = await mapOf('courseManager');
    expect(status).toBe(200);
    expect(map.criteria.map((c) => [c.reference, c.name])).toEqual([
      ['A', 'Porter les EPI'],
      ['A.1', 'Régler la scie'],
      ['B', 'Accueillir'],
    ]);
    const cells = Object.fromEntries(map.students.map((s) => [s.id, s.cells]));
    expect(cells[w.people.student.profileId]).toEqual(['SUPERVISED', null, 'OBSERVED']);
    expect(cells[w.people.otherStudent.profileId]).toEqual([null, 'AUTONOMOUSLY_EXECUTED', null]);
  });

  it('shows an instructor the students of their groups only, and filters by group and cohort', async () => {
    const own = await mapOf('instructor');
    expect(own.map.students.map((s) => s.id)).toEqual([w.people.student.profileId]);
    const filtered = await mapOf('courseManager', `?group=${w.otherGroup.id}`);
    expect(filtered.map.students.map((s) => s.id)).toEqual([w.people.otherStudent.profileId]);
    const cohort = await createCohort(w.db, w.unitA.id, [w.people.otherStudent.profileId]);
    const ofCohort = await mapOf('courseManager', `?cohort=${cohort.id}`);
    expect(ofCohort.map.students.map((s) => s.id)).toEqual([w.people.otherStudent.profileId]);
  });

  it('is not found outside the module’s reach', async () => {
    expect((await mapOf('otherCourseManager')).status).toBe(404);
    expect((await mapOf('otherUnitAdmin')).status).toBe(404);
    expect((await mapOf('student')).status).toBe(404);
  });

  it('goes to the read log of each student on it', async () => {
    await mapOf('unitAdmin');
    const reads = await w.db
      .select()
      .from(readLog)
      .where(
        and(
          eq(readLog.studentId, w.people.otherStudent.profileId),
          eq(readLog.kind, 'progression_map'),
        ),
      );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]!.objectId).toBe(w.module.id);
  });

  it('downloads as a spreadsheet with the stages’ words in the reader’s language', async () => {
    const client = w.people.courseManager.client;
    client.language = 'de';
    const response = await client.get(`/api/modules/instances/${w.module.id}/progression/xlsx/`);
    client.language = 'fr';
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Fortschritts');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(4).values as unknown[];
    expect(header.slice(1)).toEqual([
      'Lernende/r',
      'A Porter les EPI',
      'A.1 Régler la scie',
      'B Accueillir',
    ]);
    const rows = [5, 6].map((n) => sheet.getRow(n).values as unknown[]);
    const words = rows.flatMap((r) => r.slice(2)).filter(Boolean);
    expect(words).toHaveLength(3);
    expect(words.every((word) => typeof word === 'string' && !/^[A-Z_]+$/.test(word))).toBe(true);
  });
});
