import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { BY_ID, compiledOnce } from '../db/rows.ts';
import {
  assessments,
  blockEvaluations,
  criterionEvaluations,
  moduleCriteria,
  modules,
} from '../db/schema/index.ts';
import { targetColumns } from '../policies/assessments.ts';

const blockEvaluationById = compiledOnce((q) =>
  q
    .select({
      evaluation: blockEvaluations,
      version: assessments.version,
      module: { graded: modules.graded, roundingFormula: modules.roundingFormula },
      target: targetColumns,
    })
    .from(blockEvaluations)
    .innerJoin(assessments, eq(assessments.id, blockEvaluations.assessmentId))
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .where(eq(blockEvaluations.id, BY_ID)),
);

/** A block evaluation with its module and the policy target and version of its assessment. */
export async function readBlockEvaluation(q: Queryable, id: number) {
  const [row] = await blockEvaluationById(q, { id });
  return row;
}

const criterionEvaluationById = compiledOnce((q) =>
  q
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
    .where(eq(criterionEvaluations.id, BY_ID)),
);

/** A criterion evaluation with its criterion, module and the policy target of its assessment. */
export async function readCriterionEvaluation(q: Queryable, id: number) {
  const [row] = await criterionEvaluationById(q, { id });
  return row;
}
export type BlockEvaluationRow = NonNullable<Awaited<ReturnType<typeof readBlockEvaluation>>>;
export type CriterionEvaluationRow = NonNullable<
  Awaited<ReturnType<typeof readCriterionEvaluation>>
>;
