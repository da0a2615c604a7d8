import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentStatus } from '../../domain/constants.ts';
import {
  assessments,
  assessmentTransitions,
  auditTrail,
  blockEvaluations,
  criterionEvaluations,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createCohort,
  createGroup,
  createModule,
  evaluationCriterion,
  gradeCriterion,
  signIn,
  type AssessmentWorld,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t, [
    { criteria: [gradeCriterion(), evaluationCriterion()] },
    { blocks: [{ criteria: [evaluationCriterion()] }, { criteria: [gradeCriterion()] }] },
  ]);
});
afterAll(() => t.close());

const newAssessment = (status: AssessmentStatus = 'IN_PROGRESS', studentId?: number) =>
  createAssessment(w.db, {
    moduleId: w.module.id,
    groupId: w.group.id,
    studentId: studentId ?? w.people.student.profileId,
    status,
  });

describe('POST /api/modules/instances/{id}/instanciate/', () => {
  it('creates an IN_PROGRESS assessment with one evaluation per frozen block and criterion', async () => {
    const body = {
      module: w.module.id,
      group: w.group.id,
      student: w.people.otherStudent.profileId,
    };
    const response = await w.people.courseManager.client.post(
      `/api/modules/instances/${w.module.id}/instanciate/`,
      body,
    );
    expect(response.statusCode).toBe(201);
    const detail = response.json();
    expect(detail).toMatchObject({ status: 'IN_PROGRESS', version: 1, grade: null });
    expect(detail.student.id).toBe(w.people.otherStudent.profileId);
    const blocks = await w.db
      .select()
      .from(blockEvaluations)
      .where(eq(blockEvaluations.assessmentId, detail.id));
    const criteria = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, detail.id));
    expect(blocks).toHaveLength(w.blocks.length);
    expect(criteria).toHaveLength(w.criteria.length);
    // the nested tree: two roots, the second with two children
    expect(detail.blocks).toHaveLength(2);
    expect(detail.blocks[1].blocks).toHaveLength(2);
    expect(detail.blocks[0].criteria.map((c: { name: string }) => c.name)).toEqual([
      'Grade',
      'Evaluation',
    ]);
    const again = await w.people.courseManager.client.post(
      `/api/modules/instances/${w.module.id}/instanciate/`,
      body,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().student).toEqual(['Cette personne a déjà une évaluation dans ce module']);
    await w.db.delete(assessments).where(eq(assessments.id, detail.id));
  });

  it('takes the status given and refuses a group of another module or a non-student', async () => {
    const url = `/api/modules/instances/${w.module.id}/instanciate/`;
    const client = w.people.unitAdmin.client;
    const foreign = await createModule(w.db, { unitId: w.unitA.id });
    const foreignGroup = await createGroup(w.db, foreign.module.id);
    const wrongGroup = await client.post(url, {
      module: w.module.id,
      group: foreignGroup.id,
      student: w.people.student.profileId,
    });
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json().group).toEqual(["Ce groupe n'appartient pas à ce module"]);
    const notStudent = await client.post(url, {
      module: w.module.id,
      group: w.group.id,
      student: w.people.instructor.profileId,
    });
    expect(notStudent.statusCode).toBe(400);
    expect(Object.keys(notStudent.json())).toEqual(['student']);
    const validated = await client.post(url, {
      status: 'VALIDATED',
      module: w.module.id,
      group: w.group.id,
      student: w.people.student.profileId,
    });
    expect(validated.statusCode).toBe(201);
    expect(validated.json().status).toBe('VALIDATED');
    expect(validated.json().validated_by.id).toBe(w.people.unitAdmin.profileId);
    await w.db.delete(assessments).where(eq(assessments.id, validated.json().id));
  });

  it('instanciates a whole cohort in one call, skipping who already has an assessment', async () => {
    const s1 = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    const s2 = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    const outsider = await signIn(t, [{ role: 'STUDENT', unitId: w.unitB.id }]);
    const cohort = await createCohort(w.db, w.unitA.id, [
      s1.profileId,
      s2.profileId,
      outsider.profileId,
      w.people.student.profileId,
    ]);
    const existing = await newAssessment();
    const response = await w.people.courseManager.client.post(
      `/api/modules/instances/${w.module.id}/instanciate_cohort/`,
      { cohort: cohort.id, group: w.otherGroup.id },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ created: 2, skipped: 2 });
    const created = await w.db
      .select()
      .from(assessments)
      .where(eq(assessments.groupId, w.otherGroup.id));
    expect(created.map((a) => a.studentId).sort()).toEqual([s1.profileId, s2.profileId].sort());
    const evaluations = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, created[0]!.id));
    expect(evaluations).toHaveLength(w.criteria.length);
    const otherUnitCohort = await createCohort(w.db, w.unitB.id, [s1.profileId]);
    const refused = await w.people.courseManager.client.post(
      `/api/modules/instances/${w.module.id}/instanciate_cohort/`,
      { cohort: otherUnitCohort.id, group: w.group.id },
    );
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['cohort']);
    for (const a of [...created, existing])
      await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });

  it('creates a cohort in progress only: validated or closed empty assessments are refused, in the reader language', async () => {
    const s1 = await signIn(t, [{ role: 'STUDENT', unitId: w.unitA.id }]);
    const cohort = await createCohort(w.db, w.unitA.id, [s1.profileId]);
    const before = await w.db.select().from(assessments);
    for (const status of ['VALIDATED', 'CLOSED']) {
      const refused = await w.people.courseManager.client.post(
        `/api/modules/instances/${w.module.id}/instanciate_cohort/`,
        { cohort: cohort.id, group: w.group.id, status },
        { 'accept-language': 'de' },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        status: [
          'Die Beurteilungen eines Jahrgangs werden «In Bearbeitung» erstellt: noch ist kein Kriterium beurteilt.',
        ],
      });
    }
    expect(await w.db.select().from(assessments)).toEqual(before);
  });
});

describe('GET /api/assessments/{id}/', () => {
  it('answers the whole tree with the reader permissions', async () => {
    const a = await newAssessment();
    const response = await w.people.instructor.client.get(`/api/assessments/${a.id}/`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.module).toMatchObject({
      id: w.module.id,
      name: 'Module',
      module_type: 'INTERCOMPANY_COURSE',
      status: 'OPEN',
      graded: true,
      rounding_formula: 'TENTH',
    });
    expect(detail.group).toEqual({ id: w.group.id, name: 'Group' });
    expect(detail.is_included_in_grade_summary).toBe(true);
    const criterion = detail.blocks[0].criteria[0];
    expect(criterion.grade).toEqual({ min: '1', max: '6', step: '0.5', weight: '1' });
    expect(criterion.evaluation).toMatchObject({ grade: null, letter: null, progression: [] });
    expect(detail.blocks[0].evaluation).toMatchObject({ comment: '', grade: null });
    expect(detail.permissions).toEqual({
      evaluate: true,
      validate: true,
      close: false,
      reopen: false,
      include: false,
      exclude: false,
      move: false,
      delete: false,
      sign: false,
    });
    const manager = (await w.people.courseManager.client.get(`/api/assessments/${a.id}/`)).json();
    expect(manager.permissions).toMatchObject({
      evaluate: true,
      exclude: true,
      move: true,
      delete: true,
    });
    await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });
});

type Action =
  'validate' | 'close' | 'reopen' | 'include_in_grade_summary' | 'exclude_from_grade_summary';

/** domain.md "Assessment states": the status each action leads to from each state, or 409. */
const STATE_TABLE: Record<AssessmentStatus, Record<Action, AssessmentStatus | 409>> = {
  IN_PROGRESS: {
    validate: 'VALIDATED',
    close: 409,
    reopen: 409,
    include_in_grade_summary: 'IN_PROGRESS',
    exclude_from_grade_summary: 'IN_PROGRESS',
  },
  VALIDATED: {
    validate: 409,
    close: 'CLOSED',
    reopen: 'IN_PROGRESS',
    include_in_grade_summary: 'VALIDATED',
    exclude_from_grade_summary: 'VALIDATED',
  },
  CLOSED: {
    validate: 409,
    close: 409,
    reopen: 'IN_PROGRESS',
    include_in_grade_summary: 'CLOSED',
    exclude_from_grade_summary: 'CLOSED',
  },
};

describe('the assessment state machine through the API', () => {
  const cases = Object.entries(STATE_TABLE).flatMap(([from, row]) =>
    Object.entries(row).map(([action, expected]) => ({
      from: from as AssessmentStatus,
      action,
      expected,
    })),
  );
  it.each(cases)('$action from $from → $expected', async ({ from, action, expected }) => {
    const a = await newAssessment(from);
    const response = await w.people.unitAdmin.client.post(`/api/assessments/${a.id}/${action}/`, {
      version: a.version,
    });
    const [after] = await w.db.select().from(assessments).where(eq(assessments.id, a.id));
    const transitions = await w.db
      .select()
      .from(assessmentTransitions)
      .where(eq(assessmentTransitions.assessmentId, a.id));
    if (expected === 409) {
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/\w/);
      expect(after).toEqual(a);
      expect(transitions).toHaveLength(0);
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: expected, version: a.version + 1 });
      expect(after!.status).toBe(expected);
      expect(transitions).toMatchObject([{ action, fromStatus: from, toStatus: expected }]);
      if (action === 'exclude_from_grade_summary')
        expect(after!.isIncludedInGradeSummary).toBe(false);
      if (expected === 'VALIDATED' && from === 'IN_PROGRESS') {
        expect(after!.validatedBy).toBe(w.people.unitAdmin.userId);
        expect(after!.validatedAt).toBeInstanceOf(Date);
      }
      if (expected === 'CLOSED' && action === 'close')
        expect(after!.closedBy).toBe(w.people.unitAdmin.userId);
      if (expected === 'IN_PROGRESS' && action === 'reopen') expect(after!.validatedAt).toBeNull();
    }
    await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });

  it('two managers acting at once on the same version: one succeeds, the other gets 409', async () => {
    const a = await newAssessment('VALIDATED');
    const [close, reopen] = await Promise.all([
      w.people.unitAdmin.client.post(`/api/assessments/${a.id}/close/`, { version: 1 }),
      w.people.courseManager.client.post(`/api/assessments/${a.id}/reopen/`, { version: 1 }),
    ]);
    expect([close.statusCode, reopen.statusCode].sort()).toEqual([200, 409]);
    const [after] = await w.db.select().from(assessments).where(eq(assessments.id, a.id));
    expect(after!.status).toBe(close.statusCode === 200 ? 'CLOSED' : 'IN_PROGRESS');
    expect(after!.version).toBe(2);
    const transitions = await w.db
      .select()
      .from(assessmentTransitions)
      .where(eq(assessmentTransitions.assessmentId, a.id));
    expect(transitions).toHaveLength(1);
    await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });

  it('answers the refusal reason in the reader language', async () => {
    const a = await newAssessment('CLOSED');
    w.people.unitAdmin.client.language = 'de';
    const response = await w.people.unitAdmin.client.post(`/api/assessments/${a.id}/close/`);
    w.people.unitAdmin.client.language = 'fr';
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'assessment_already_closed',
      detail: 'Diese Beurteilung ist bereits abgeschlossen.',
    });
    await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });
});

describe('PATCH /api/assessments/{id}/ and DELETE', () => {
  it('moves to another group of the same module, bumping the version and auditing', async () => {
    const a = await newAssessment();
    const client = w.people.courseManager.client;
    const moved = await client.patch(`/api/assessments/${a.id}/`, {
      version: 1,
      group: w.otherGroup.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ group: { id: w.otherGroup.id }, version: 2 });
    const stale = await client.patch(`/api/assessments/${a.id}/`, {
      version: 1,
      group: w.group.id,
    });
    expect(stale.statusCode).toBe(409);
    const [audit] = await w.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.entityId, a.id))
      .orderBy(auditTrail.id);
    expect(audit).toMatchObject({
      action: 'move',
      entity: 'assessment',
      oldValue: { group: w.group.id },
      newValue: { group: w.otherGroup.id },
      actorUserId: w.people.courseManager.userId,
    });
    // instructors evaluate but do not move
    const instructor = await w.people.otherInstructor.client.patch(`/api/assessments/${a.id}/`, {
      version: 2,
      group: w.group.id,
    });
    expect(instructor.statusCode).toBe(403);
    const deleted = await client.delete(`/api/assessments/${a.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await w.db.select().from(assessments).where(eq(assessments.id, a.id))).toEqual([]);
  });

  it('refuses moving a validated assessment with the reason', async () => {
    const a = await newAssessment('VALIDATED');
    const response = await w.people.courseManager.client.patch(`/api/assessments/${a.id}/`, {
      version: 1,
      group: w.otherGroup.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'Seule une évaluation en cours peut changer de groupe. Rouvrez-la d’abord.',
    );
    await w.db.delete(assessments).where(eq(assessments.id, a.id));
  });
});
