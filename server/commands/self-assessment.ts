import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SelfAssessmentPatch } from '../../domain/schemas/training-report.ts';
import type { Db, Queryable } from '../db/client.ts';
import { selfAssessmentCriteria, selfAssessments } from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { AssessmentHeader } from '../queries/assessment-detail.ts';
import {
  readSelfAssessmentCriteria,
  type SelfAssessmentCriterionRow,
} from '../queries/training-report.ts';
import { assertStillInProgress } from './assert-in-progress.ts';
import { recordAudit } from './audit.ts';

/**
 * The self-assessment's version guard, first statement of its transaction: the row is made on the
 * first write (version 1, as the GET shows it before), then `version = version + 1 WHERE version =
 * expected and not submitted`. A stale version → 409 staleVersion; a submitted one → 409.
 */
async function bumpSelfAssessment(tx: Queryable, assessmentId: number, expected?: number) {
  await tx.insert(selfAssessments).values({ assessmentId }).onConflictDoNothing();
  const [row] = await tx
    .update(selfAssessments)
    .set({ version: sql`${selfAssessments.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(selfAssessments.assessmentId, assessmentId),
        expected === undefined ? undefined : eq(selfAssessments.version, expected),
        isNull(selfAssessments.submittedAt),
      ),
    )
    .returning({ version: selfAssessments.version });
  if (row) return row.version;
  const [current] = await tx
    .select({ submittedAt: selfAssessments.submittedAt })
    .from(selfAssessments)
    .where(eq(selfAssessments.assessmentId, assessmentId));
  throw conflict(current?.submittedAt ? 'selfAssessmentSubmitted' : 'staleVersion');
}

/** The criteria the patch names, checked against the report's (400 for another's or a level
 * where the criterion takes none). */
async function checkedCriteria(q: Queryable, assessmentId: number, patch: SelfAssessmentPatch) {
  const criteria = new Map(
    (await readSelfAssessmentCriteria(q, assessmentId)).map((c) => [c.criterion, c]),
  );
  for (const [index, item] of (patch.criteria ?? []).entries()) {
    const criterion = criteria.get(item.criterion);
    if (!criterion) throw badRequest(`criteria.${index}.criterion`, 'unknownCriterion');
    if (item.evaluation != null && !criterion.has_evaluation)
      throw badRequest(`criteria.${index}.evaluation`, 'criterionTakesNoEvaluation');
  }
  return criteria;
}

/**
 * The rows a patch writes, one per criterion (a criterion named twice: its later values win),
 * what it leaves out kept from before.
 */
function criterionRows(
  assessmentId: number,
  before: Map<number, SelfAssessmentCriterionRow>,
  patch: SelfAssessmentPatch,
) {
  const rows = new Map<number, typeof selfAssessmentCriteria.$inferInsert>();
  for (const item of patch.criteria ?? []) {
    const old = rows.get(item.criterion) ?? before.get(item.criterion)!;
    rows.set(item.criterion, {
      assessmentId,
      criterionId: item.criterion,
      evaluation: item.evaluation === undefined ? old.evaluation : item.evaluation,
      text: item.text ?? old.text ?? '',
    });
  }
  return [...rows.values()];
}

/**
 * PATCH /assessments/{id}/self-assessment/ by its student (authorized by the caller): in one
 * transaction the version guard, the criteria it names and the view, and the audit row. It writes
 * only its own tables: the trainer's evaluations and the grade are never touched.
 */
export async function writeSelfAssessment(
  db: Db,
  actor: Actor,
  header: AssessmentHeader,
  patch: SelfAssessmentPatch,
) {
  const assessmentId = header.assessment.id;
  const before = await checkedCriteria(db, assessmentId, patch);
  await db.transaction(async (tx) => {
    await bumpSelfAssessment(tx, assessmentId, patch.version);
    await assertStillInProgress(tx, assessmentId);
    const rows = criterionRows(assessmentId, before, patch);
    if (rows.length > 0)
      await tx
        .insert(selfAssessmentCriteria)
        .values(rows)
        .onConflictDoUpdate({
          target: [selfAssessmentCriteria.assessmentId, selfAssessmentCriteria.criterionId],
          set: { evaluation: sql`excluded.evaluation`, text: sql`excluded.text` },
        });
    if (patch.view !== undefined)
      await tx
        .update(selfAssessments)
        .set({ view: patch.view })
        .where(eq(selfAssessments.assessmentId, assessmentId));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'self_assessment',
      entityId: assessmentId,
      newValue: { criteria: patch.criteria ?? [], view: patch.view },
    });
  });
}

/** POST /assessments/{id}/self-assessment/submit/: from now on read-only, and seen by the
 * instructors. */
export async function submitSelfAssessment(
  db: Db,
  actor: Actor,
  header: AssessmentHeader,
  version?: number,
) {
  const assessmentId = header.assessment.id;
  await db.transaction(async (tx) => {
    await bumpSelfAssessment(tx, assessmentId, version);
    await assertStillInProgress(tx, assessmentId);
    const submittedAt = new Date();
    await tx
      .update(selfAssessments)
      .set({ submittedAt })
      .where(eq(selfAssessments.assessmentId, assessmentId));
    await recordAudit(tx, actor, {
      action: 'submit',
      entity: 'self_assessment',
      entityId: assessmentId,
      newValue: { submitted_at: submittedAt.toISOString() },
    });
  });
}
