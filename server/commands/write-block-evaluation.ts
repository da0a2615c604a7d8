import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { assessments, blockEvaluations, modules } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import {
  assertAcceptsEvaluationChanges,
  authorizeAssessment,
  targetColumns,
} from '../policies/assessments.ts';
import { notFound } from '../lib/errors.ts';
import { auditAssessment, bumpVersion } from './assessment-version.ts';
import { recomputeGrades } from './recompute-grades.ts';

/** A block evaluation with its module and the policy target and version of its assessment. */
export async function loadBlockEvaluation(q: Queryable, id: number) {
  const [row] = await q
    .select({
      evaluation: blockEvaluations,
      version: assessments.version,
      module: { graded: modules.graded, roundingFormula: modules.roundingFormula },
      target: targetColumns,
    })
    .from(blockEvaluations)
    .innerJoin(assessments, eq(assessments.id, blockEvaluations.assessmentId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .where(eq(blockEvaluations.id, id));
  return row;
}

/** PATCH of a block evaluation's comment, under the version guard, answering the grades. */
export async function writeBlockEvaluation(
  db: Db,
  actor: Actor,
  id: number,
  body: { version: number; comment?: string },
) {
  const row = await loadBlockEvaluation(db, id);
  authorizeAssessment(actor, 'evaluateAssessment', row?.target);
  if (!row) throw notFound();
  assertAcceptsEvaluationChanges(row.target);
  return db.transaction(async (tx) => {
    const { version, status } = await bumpVersion(tx, row.evaluation.assessmentId, body.version);
    assertAcceptsEvaluationChanges({ status, moduleStatus: row.target.moduleStatus });
    const [updated] = await tx
      .update(blockEvaluations)
      .set({ comment: body.comment ?? row.evaluation.comment })
      .where(eq(blockEvaluations.id, id))
      .returning();
    const grades = await recomputeGrades(tx, row.evaluation.assessmentId, row.module);
    await auditAssessment(tx, actor, {
      action: 'update',
      entity: 'block_evaluation',
      entityId: id,
      oldValue: { comment: row.evaluation.comment },
      newValue: { comment: updated!.comment },
    });
    return {
      version,
      ...grades,
      assessment: row.evaluation.assessmentId,
      comment: updated!.comment,
    };
  });
}
