import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blockEvaluations } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assertAcceptsEvaluationChanges } from '../policies/assessments.ts';
import type { BlockEvaluationRow } from '../queries/evaluations.ts';
import { bumpVersion } from './assessment-version.ts';
import { recordAudit } from './audit.ts';
import { recomputeGrades } from './recompute-grades.ts';

/**
 * PATCH of a block evaluation's comment (evaluateAssessment, authorized by the caller), under the
 * version guard, answering the grades; one transaction with its audit row.
 */
export async function writeBlockEvaluation(
  db: Db,
  actor: Actor,
  row: BlockEvaluationRow,
  body: { version: number; comment?: string },
) {
  const id = row.evaluation.id;
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
    await recordAudit(tx, actor, {
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
