import { eq } from 'drizzle-orm';
import { normalizeDecimal } from '../../domain/decimal.ts';
import type { Db } from '../db/client.ts';
import { runNamed } from '../db/rows.ts';
import { criterionEvaluations } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assertAcceptsEvaluationChanges } from '../policies/assessments.ts';
import type { CriterionEvaluationRow } from '../queries/evaluations.ts';
import { bumpVersion } from './assessment-version.ts';
import { recordAudit } from './audit.ts';
import { checkCriterionEvaluation } from './check-criterion-evaluation.ts';
import { recomputeGrades } from './recompute-grades.ts';
import type { EvaluationLevel, Letter, ProgressionFlag, Trend } from '../../domain/constants.ts';

export interface CriterionEvaluationPatch {
  evaluation?: EvaluationLevel | null;
  text?: string | null;
  progression?: ProgressionFlag[];
  grade?: string | null;
  letter?: Letter | null;
  trend?: Trend | null;
}

const FIELDS = ['evaluation', 'text', 'progression', 'grade', 'letter', 'trend'] as const;

/**
 * PATCH of a criterion evaluation (evaluateAssessment, authorized by the caller): the values are
 * checked against the criterion (400), then in one transaction the version guard (409), the
 * change, the recomputed and stored grades and the audit row.
 */
export async function writeCriterionEvaluation(
  db: Db,
  actor: Actor,
  row: CriterionEvaluationRow,
  body: CriterionEvaluationPatch & { version: number },
) {
  const id = row.evaluation.id;
  assertAcceptsEvaluationChanges(row.target);
  const patch = { ...body, grade: body.grade == null ? body.grade : String(body.grade) };
  checkCriterionEvaluation(row.criterion, patch);
  if (patch.grade != null) patch.grade = normalizeDecimal(patch.grade);
  const changes = Object.fromEntries(
    FIELDS.filter((f) => patch[f] !== undefined).map((f) => [f, patch[f]]),
  );
  return db.transaction(async (tx) => {
    const { version, status } = await bumpVersion(tx, row.evaluation.assessmentId, body.version);
    assertAcceptsEvaluationChanges({ status, moduleStatus: row.target.moduleStatus });
    await runNamed(
      tx
        .update(criterionEvaluations)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(criterionEvaluations.id, id)),
    );
    const grades = await recomputeGrades(tx, row.evaluation.assessmentId, row.module);
    const old = Object.fromEntries(
      Object.keys(changes).map((f) => [f, row.evaluation[f as keyof typeof row.evaluation]]),
    );
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'criterion_evaluation',
      entityId: id,
      oldValue: old,
      newValue: changes,
    });
    return { version, ...grades };
  });
}
