import { eq, sql } from 'drizzle-orm';
import type {
  AssessmentStatus,
  EvaluationLevel,
  Letter,
  ModuleStatus,
  ProgressionFlag,
  RoundingFormula,
  Trend,
} from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { BY_ID, compiledOnce, rowsCompiledOnce } from '../db/rows.ts';
import {
  assessments,
  blockEvaluations,
  modules,
  type GradeScale,
  type LetterScale,
} from '../db/schema/index.ts';
import { targetColumns, type AssessmentTarget } from '../policies/assessments.ts';

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

/** The criterion PATCH's first read, flat: the columns it uses, named by the driver. */
interface CriterionEvaluationFlat {
  id: number;
  assessment_id: number;
  evaluation: EvaluationLevel | null;
  text: string | null;
  progression: ProgressionFlag[];
  grade: string | null;
  letter: Letter | null;
  trend: Trend | null;
  criterion_id: number;
  has_evaluation: boolean;
  has_text_input: boolean;
  has_progression: boolean;
  flags: ProgressionFlag[];
  grade_scale: GradeScale | null;
  letter_evaluation: LetterScale | null;
  points: string;
  graded: boolean;
  rounding_formula: RoundingFormula;
  unit_id: number;
  module_status: ModuleStatus;
  status: AssessmentStatus;
  student_id: number;
  instructor_ids: number[];
  representative_ids: number[];
}

/**
 * Hand-written rather than a builder select of whole rows: the PATCH is the most frequent write,
 * and mapping the criterion's and the evaluation's every column cost more than the query. The
 * policy target's people come from targetColumns, which name the tables unaliased.
 */
const criterionEvaluationById = rowsCompiledOnce<CriterionEvaluationFlat, { id: number }>(
  sql`select e.id, e.assessment_id, e.evaluation, e.text, e.progression, e.grade::text as grade,
      e.letter, e.trend, c.id as criterion_id, c.has_evaluation, c.has_text_input,
      c.has_progression, c.flags, c.grade as grade_scale, c.letter_evaluation,
      c.points::text as points, modules.graded, modules.rounding_formula, modules.unit_id,
      modules.status as module_status, assessments.status, assessments.student_id,
      ${targetColumns.instructorProfileIds} as instructor_ids,
      ${targetColumns.representativeProfileIds} as representative_ids
    from criterion_evaluations e join module_criteria c on c.id = e.criterion_id
      join assessments on assessments.id = e.assessment_id
      join modules on modules.id = assessments.module_id
    where e.id = ${BY_ID}`,
);

/** A criterion evaluation with its criterion, module and the policy target of its assessment. */
export async function readCriterionEvaluation(q: Queryable, id: number) {
  const [row] = await criterionEvaluationById(q, { id });
  if (!row) return undefined;
  return {
    evaluation: {
      id: row.id,
      assessmentId: row.assessment_id,
      evaluation: row.evaluation,
      text: row.text,
      progression: row.progression,
      grade: row.grade,
      letter: row.letter,
      trend: row.trend,
    },
    criterion: {
      id: row.criterion_id,
      hasEvaluation: row.has_evaluation,
      hasTextInput: row.has_text_input,
      hasProgression: row.has_progression,
      flags: row.flags,
      grade: row.grade_scale,
      letterEvaluation: row.letter_evaluation,
      points: row.points,
    },
    module: { graded: row.graded, roundingFormula: row.rounding_formula },
    target: {
      unitId: row.unit_id,
      moduleStatus: row.module_status,
      status: row.status,
      studentProfileId: row.student_id,
      instructorProfileIds: row.instructor_ids,
      representativeProfileIds: row.representative_ids,
    } satisfies AssessmentTarget,
  };
}
export type BlockEvaluationRow = NonNullable<Awaited<ReturnType<typeof readBlockEvaluation>>>;
export type CriterionEvaluationRow = NonNullable<
  Awaited<ReturnType<typeof readCriterionEvaluation>>
>;
