import { eq } from 'drizzle-orm';
import { normalizeDecimal } from '../../domain/decimal.ts';
import type { Db, Queryable } from '../db/client.ts';
import { assessments, criterionEvaluations, moduleCriteria, modules } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import {
  assertAcceptsEvaluationChanges,
  authorizeAssessment,
  targetColumns,
} from '../policies/assessments.ts';
import { notFound } from '../lib/errors.ts';
import { auditAssessment, bumpVersion } from './assessment-version.ts';
import { checkCriterionEvaluation } from './check-criterion-evaluation.ts';
import type { EvaluationLevel, Letter, ProgressionFlag, Trend } from '../../domain/constants.ts';

export interface CriterionEvaluationPatch {
  evaluation?: EvaluationLevel | null;
  text?: string | null;
  progression?: ProgressionFlag[];
  grade?: string | null;
  letter?: Letter | null;
  trend?: Trend | null;
}
import { recomputeGrades } from './recompute-grades.ts';

/** A criterion evaluation with its criterion, module and the policy target of its assessment. */
export async function loadCriterionEvaluation(q: Queryable, id: number) {
  const [row] = await q
    .select({
      evaluation: criterionEvaluations,
      criterion: moduleCriteria,
      module: { graded: modules.graded, roundingFormula: modules.roundingFormula },
      target: targetColumns,
    })
    .from(criterionEvaluations)
    .innerJoin(moduleCriteria, eq(moduleCriteria.id, criterionEvaluations.criterionId))
    .innerJoin(assessments, eq(assessments.id, criterionEvaluations.assessmentId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .where(eq(criterionEvaluations.id, id));
  return row;
}

const FIELDS = ['evaluation', 'text', 'progression', 'grade', 'letter', 'trend'] as const;

/**
 * PATCH of a criterion evaluation: authorize (evaluateAssessment), check the values against the
 * criterion (400), then in one transaction the version guard (409), the change, the recomputed and
 * stored grades and the audit row.
 */
export async function writeCriterionEvaluation(
  db: Db,
  actor: Actor,
  id: number,
  body: CriterionEvaluationPatch & { version: number },
) {
  const row = await loadCriterionEvaluation(db, id);
  authorizeAssessment(actor, 'evaluateAssessment', row?.target);
  if (!row) throw notFound();
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
    await tx
      .update(criterionEvaluations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(criterionEvaluations.id, id));
    const grades = await recomputeGrades(tx, row.evaluation.assessmentId, row.module);
    const old = Object.fromEntries(
      Object.keys(changes).map((f) => [f, row.evaluation[f as keyof typeof row.evaluation]]),
    );
    await auditAssessment(tx, actor, {
      action: 'update',
      entity: 'criterion_evaluation',
      entityId: id,
      oldValue: old,
      newValue: changes,
    });
    return { version, ...grades };
  });
}
