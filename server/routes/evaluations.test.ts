import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessments,
  auditTrail,
  blockEvaluations,
  criterionEvaluations,
  groupInstructors,
  modules,
} from '../db/schema/index.ts';
import { createTestApp, type ApiClient, type TestApp } from '../test/app.ts';
import {
  assessmentWorld,
  createAssessment,
  createGroup,
  createModule,
  evaluationCriterion,
  gradeCriterion,
  type AssessmentWorld,
  type BlockSpec,
  type ModuleSpec,
} from '../test/assessment-factories.ts';

let t: TestApp;
let w: AssessmentWorld;
let instructor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await assessmentWorld(t);
  instructor = w.people.instructor.client;
});
afterAll(() => t.close());

/** A module of unit A whose group 1 the instructor teaches, with an assessment of the student. */
async function assessed(spec: Omit<ModuleSpec, 'unitId'>) {
  const built = await createModule(w.db, { unitId: w.unitA.id, ...spec });
  const group = await createGroup(w.db, built.module.id, [w.people.instructor.profileId]);
  const assessment = await createAssessment(w.db, {
    moduleId: built.module.id,
    groupId: group.id,
    studentId: w.people.student.profileId,
  });
  const detail = (await instructor.get(`/api/assessments/${assessment.id}/`)).json();
  type Node = { criteria: { evaluation: { id: number } }[]; blocks: Node[] };
  const ids: number[] = [];
  const walk = (nodes: Node[]) =>
    nodes.forEach((n) => {
      ids.push(...n.criteria.map((c) => c.evaluation.id));
      walk(n.blocks);
    });
  walk(detail.blocks);
  return {
    ...built,
    assessment,
    evaluationIds: ids,
    blockEvaluationIds: detail.blocks.map((b: { evaluation: { id: number } }) => b.evaluation.id),
  };
}

/** Sends the values one after the other, carrying the version; answers the last response. */
async function evaluate(ids: number[], values: Record<string, unknown>[]) {
  let version = 1;
  let last;
  for (const [index, value] of values.entries()) {
    last = await instructor.patch(`/api/assessments/criteria/evaluations/${ids[index]}/`, {
      version,
      ...value,
    });
    expect(last.statusCode, last.body).toBe(200);
    version = last.json().version;
  }
  return last!.json();
}

const grade = (value: string, weight = '1', step = '0.5') =>
  gradeCriterion({ grade: { min: '1', max: '6', step, weight }, name: value });

describe('the worked examples of domain.md through the API', () => {
  it('1. OVER_FIVE_PLUS_ONE_ROUND: GOOD, SUFFICIENT, INSUFFICIENT of 2 points → 3.7', async () => {
    const a = await assessed({
      blocks: [
        {
          gradingFormula: 'OVER_FIVE_PLUS_ONE_ROUND',
          criteria: [evaluationCriterion(), evaluationCriterion(), evaluationCriterion()],
        },
      ],
    });
    const answer = await evaluate(a.evaluationIds, [
      { evaluation: 'GOOD' },
      { evaluation: 'SUFFICIENT' },
      { evaluation: 'INSUFFICIENT' },
    ]);
    expect(answer.blocks).toEqual([
      { id: a.blockEvaluationIds[0], block: a.blocks[0]!.id, grade: '3.7' },
    ]);
    expect(answer.grade).toBe('3.7');
    expect(answer.version).toBe(4);
    expect(answer.criteria.map((c: { points: string }) => c.points)).toEqual(['2', '1.2', '0']);
    const [stored] = await w.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, a.assessment.id));
    expect(stored!.grade).toBe('3.700');
    // the recomputed block grade and points are stored, not only answered
    const { criteria, blocks } = await snapshot(a.assessment.id);
    expect(criteria.map((c) => Number(c.points))).toEqual([2, 1.2, 0]);
    expect(blocks.map((b) => Number(b.grade))).toEqual([3.7]);
  });

  it('2. AVERAGE: 4.5 (weight 1) and 5.5 (weight 2) → 5.2', async () => {
    const a = await assessed({
      blocks: [{ gradingFormula: 'AVERAGE', criteria: [grade('a'), grade('b', '2')] }],
    });
    const answer = await evaluate(a.evaluationIds, [{ grade: '4.5' }, { grade: 5.5 }]);
    expect(answer.blocks[0].grade).toBe('5.2');
  });

  it('3. AVERAGE_ROUND_HALF: 4 and 4.5 → 4.5', async () => {
    const a = await assessed({
      blocks: [{ gradingFormula: 'AVERAGE_ROUND_HALF', criteria: [grade('a'), grade('b')] }],
    });
    const answer = await evaluate(a.evaluationIds, [{ grade: '4' }, { grade: '4.5' }]);
    expect(answer.blocks[0].grade).toBe('4.5');
  });

  const averageBlock = (coefficient: string): BlockSpec => ({
    gradingFormula: 'AVERAGE',
    coefficient,
    criteria: [grade('g', '1', '0.1')],
  });

  it('4. module HALF: blocks 4.2 and 5.0 (coefficient 1) → 4.5', async () => {
    const a = await assessed({
      roundingFormula: 'HALF',
      blocks: [averageBlock('1'), averageBlock('1')],
    });
    const answer = await evaluate(a.evaluationIds, [{ grade: '4.2' }, { grade: '5.0' }]);
    expect(answer.blocks.map((b: { grade: string }) => b.grade)).toEqual(['4.2', '5']);
    expect(answer.grade).toBe('4.5');
  });

  it('5. module INTEGER: block 4.5 → 5', async () => {
    const a = await assessed({ roundingFormula: 'INTEGER', blocks: [averageBlock('1')] });
    const answer = await evaluate(a.evaluationIds, [{ grade: '4.5' }]);
    expect(answer.grade).toBe('5');
    const detail = (await instructor.get(`/api/assessments/${a.assessment.id}/`)).json();
    expect(detail.grade).toBe('5');
    expect(detail.blocks[0].evaluation.grade).toBe('4.5');
    expect(detail.blocks[0].criteria[0].evaluation.grade).toBe('4.5');
  });
});

describe('PATCH /api/assessments/criteria/evaluations/{id}/', () => {
  it("a criterion's own maximum points and a block's coefficient count: 4.7 (×1) and 4 (×3) → 4.2", async () => {
    const a = await assessed({
      roundingFormula: 'TENTH',
      blocks: [
        {
          gradingFormula: 'OVER_FIVE_PLUS_ONE_ROUND',
          coefficient: '1',
          criteria: [evaluationCriterion({ points: '4' }), evaluationCriterion()],
        },
        { gradingFormula: 'AVERAGE', coefficient: '3', criteria: [grade('g')] },
      ],
    });
    const answer = await evaluate(a.evaluationIds, [
      { evaluation: 'SUFFICIENT' },
      { evaluation: 'GOOD' },
      { grade: '4' },
    ]);
    // (0.6 × 4 + 2) / (4 + 2) × 5 + 1 = 4.666… → 4.7; (4.7 × 1 + 4 × 3) / 4 = 4.175 → 4.2
    const points = (id: number | undefined) =>
      answer.criteria.find((c: { id: number }) => c.id === id).points;
    expect([points(a.evaluationIds[0]), points(a.evaluationIds[1])]).toEqual(['2.4', '2']);
    expect(answer.blocks.map((b: { grade: string }) => b.grade)).toEqual(['4.7', '4']);
    expect(answer.grade).toBe('4.2');
  });

  it('refuses out-of-range values with localised field messages and changes nothing', async () => {
    const a = await assessed({
      blocks: [
        {
          criteria: [
            gradeCriterion(),
            { name: 'letter', letterEvaluation: { min: 'A', max: 'C' } },
            { name: 'text only', hasTextInput: true },
          ],
        },
      ],
    });
    const [g, l, text] = a.evaluationIds;
    const tooHigh = await instructor.patch(`/api/assessments/criteria/evaluations/${g}/`, {
      version: 1,
      grade: '6.5',
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ grade: ['La valeur doit être au plus 6'] });
    instructor.language = 'de';
    const offStep = await instructor.patch(`/api/assessments/criteria/evaluations/${g}/`, {
      version: 1,
      grade: '4.2',
    });
    instructor.language = 'it';
    const letter = await instructor.patch(`/api/assessments/criteria/evaluations/${l}/`, {
      version: 1,
      letter: 'D',
    });
    instructor.language = 'fr';
    expect(offStep.json()).toEqual({ grade: ['Die Note muss ein Vielfaches von 0.5 sein'] });
    expect(letter.statusCode).toBe(400);
    expect(letter.json()).toEqual({ letter: ['La lettera deve essere compresa tra A e C'] });
    const notOffered = await instructor.patch(`/api/assessments/criteria/evaluations/${text}/`, {
      version: 1,
      evaluation: 'GOOD',
      grade: '4',
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toEqual({
      evaluation: ["Ce critère ne s'évalue pas par niveau"],
      grade: ["Ce critère ne s'évalue pas par note"],
    });
    const [stored] = await w.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, a.assessment.id));
    expect(stored!.version).toBe(1);
  });

  it('writes text, progression and trend, and lands in the audit trail with old and new value', async () => {
    const a = await assessed({
      blocks: [
        {
          criteria: [
            { name: 'p', hasTextInput: true, hasProgression: true, flags: ['OBSERVED', 'TAUGHT'] },
          ],
        },
      ],
    });
    const id = a.evaluationIds[0]!;
    const ok = await instructor.patch(`/api/assessments/criteria/evaluations/${id}/`, {
      version: 1,
      text: 'Travail soigné',
      progression: ['TAUGHT', 'OBSERVED'],
      trend: 'UP',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.id, id));
    expect(row).toMatchObject({
      text: 'Travail soigné',
      progression: ['OBSERVED', 'TAUGHT'],
      trend: 'UP',
    });
    const audit = await w.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.entity, 'criterion_evaluation'));
    expect(audit.find((r) => r.entityId === id)).toMatchObject({
      action: 'update',
      actorUserId: w.people.instructor.userId,
      oldValue: { text: null, progression: [], trend: null },
      newValue: { text: 'Travail soigné', progression: ['OBSERVED', 'TAUGHT'], trend: 'UP' },
    });
    const flag = await instructor.patch(`/api/assessments/criteria/evaluations/${id}/`, {
      version: 2,
      progression: ['AUTONOMOUSLY_EXECUTED'],
    });
    expect(flag.statusCode).toBe(400);
    expect(flag.json()).toEqual({
      progression: ["Ce critère ne propose pas l'étape AUTONOMOUSLY_EXECUTED"],
    });
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const a = await assessed({ blocks: [{ criteria: [gradeCriterion()] }] });
    const id = a.evaluationIds[0]!;
    await evaluate([id], [{ grade: '5' }]);
    const before = await snapshot(a.assessment.id);
    const stale = await instructor.patch(`/api/assessments/criteria/evaluations/${id}/`, {
      version: 1,
      grade: '3',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'stale_version',
      detail:
        "Cette évaluation a été modifiée entre-temps par quelqu'un d'autre. Rechargez-la et réessayez.",
    });
    expect(await snapshot(a.assessment.id)).toEqual(before);
  });

  it('two writers with the same version: one 200, one 409, nothing lost', async () => {
    const a = await assessed({ blocks: [{ criteria: [gradeCriterion(), gradeCriterion()] }] });
    const [first, second] = a.evaluationIds;
    const other = w.people.enterpriseInstructor.client;
    await w.db.insert(groupInstructors).values({
      groupId: a.assessment.groupId!,
      instructorId: w.people.enterpriseInstructor.profileId,
    });
    const [one, two] = await Promise.all([
      instructor.patch(`/api/assessments/criteria/evaluations/${first}/`, {
        version: 1,
        grade: '5',
      }),
      other.patch(`/api/assessments/criteria/evaluations/${second}/`, { version: 1, grade: '3' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner =
      one.statusCode === 200 ? { id: first, grade: '5.000' } : { id: second, grade: '3.000' };
    const loser = one.statusCode === 200 ? second : first;
    const rows = await w.db
      .select()
      .from(criterionEvaluations)
      .where(eq(criterionEvaluations.assessmentId, a.assessment.id));
    expect(rows.find((r) => r.id === winner.id)!.grade).toBe(winner.grade);
    expect(rows.find((r) => r.id === loser)!.grade).toBeNull();
    const [stored] = await w.db
      .select()
      .from(assessments)
      .where(eq(assessments.id, a.assessment.id));
    expect(stored!.version).toBe(2);
    // the loser reloads and writes again on the new version: both values are kept
    const retry = await (one.statusCode === 200 ? other : instructor).patch(
      `/api/assessments/criteria/evaluations/${loser}/`,
      { version: 2, grade: '4' },
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      version: 3,
      grade: one.statusCode === 200 ? '4.5' : '3.5',
    });
  });

  it('a LOCKED or ARCHIVED module and a validated assessment refuse evaluation writes', async () => {
    const a = await assessed({ blocks: [{ criteria: [gradeCriterion()] }] });
    const id = a.evaluationIds[0]!;
    const url = `/api/assessments/criteria/evaluations/${id}/`;
    await w.db.update(modules).set({ status: 'LOCKED' }).where(eq(modules.id, a.module.id));
    const locked = await instructor.patch(url, { version: 1, grade: '5' });
    expect(locked.statusCode).toBe(409);
    // told apart from someone else's change (stale_version) by its code
    expect(locked.json().code).toBe('module_not_open_locked');
    expect(locked.json().detail).toBe(
      'Ce module est verrouillé : ses évaluations ne peuvent plus être modifiées.',
    );
    await w.db.update(modules).set({ status: 'ARCHIVED' }).where(eq(modules.id, a.module.id));
    expect((await instructor.patch(url, { version: 1, grade: '5' })).statusCode).toBe(409);
    const blockUrl = `/api/assessments/blocks/evaluations/${a.blockEvaluationIds[0]}/`;
    expect((await instructor.patch(blockUrl, { version: 1, comment: 'x' })).statusCode).toBe(409);
    await w.db.update(modules).set({ status: 'OPEN' }).where(eq(modules.id, a.module.id));
    await w.db
      .update(assessments)
      .set({ status: 'VALIDATED' })
      .where(eq(assessments.id, a.assessment.id));
    const validated = await instructor.patch(url, { version: 1, grade: '5' });
    expect(validated.statusCode).toBe(409);
    expect(validated.json().code).toBe('assessment_not_in_progress');
    expect(validated.json().detail).toBe('Seule une évaluation en cours peut être modifiée.');
    const detail = (await instructor.get(`/api/assessments/${a.assessment.id}/`)).json();
    expect(detail.permissions.evaluate).toBe(false);
  });
});

describe('/api/assessments/blocks/evaluations/{id}/', () => {
  it('reads and writes the block comment under the version guard', async () => {
    const a = await assessed({ blocks: [{ criteria: [gradeCriterion()] }] });
    const url = `/api/assessments/blocks/evaluations/${a.blockEvaluationIds[0]}/`;
    const read = await instructor.get(url);
    expect(read.json()).toMatchObject({
      comment: '',
      grade: null,
      version: 1,
      assessment: a.assessment.id,
    });
    const written = await instructor.patch(url, { version: 1, comment: 'Bonne participation' });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toMatchObject({
      version: 2,
      block_evaluation: { comment: 'Bonne participation' },
    });
    expect((await instructor.patch(url, { version: 1, comment: 'x' })).statusCode).toBe(409);
    const [row] = await w.db
      .select()
      .from(blockEvaluations)
      .where(eq(blockEvaluations.id, a.blockEvaluationIds[0]));
    expect(row!.comment).toBe('Bonne participation');
    // the student does not see an assessment in progress
    expect((await w.people.student.client.get(url)).statusCode).toBe(404);
  });
});

async function snapshot(assessmentId: number) {
  const [a] = await w.db.select().from(assessments).where(eq(assessments.id, assessmentId));
  const criteria = await w.db
    .select()
    .from(criterionEvaluations)
    .where(eq(criterionEvaluations.assessmentId, assessmentId))
    .orderBy(criterionEvaluations.id);
  const blocks = await w.db
    .select()
    .from(blockEvaluations)
    .where(eq(blockEvaluations.assessmentId, assessmentId))
    .orderBy(blockEvaluations.id);
  const audit = await w.db.select().from(auditTrail);
  return { a, criteria, blocks, audit: audit.length };
}
