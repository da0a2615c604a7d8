import type { CriterionDef, CriterionEvaluationInput } from '../../domain/grading.ts';
import type { criterionEvaluations, moduleCriteria } from '../db/schema/index.ts';

/** A frozen criterion as the grading engine reads it. */
export const criterionDef = (c: typeof moduleCriteria.$inferSelect): CriterionDef => ({
  id: c.id,
  has_evaluation: c.hasEvaluation,
  has_text_input: c.hasTextInput,
  has_progression: c.hasProgression,
  flags: c.flags,
  grade: c.grade ?? null,
  letter_evaluation: c.letterEvaluation ?? null,
  points: c.points,
});

/** A criterion evaluation as the grading engine reads it. */
export const evaluationInput = (
  e: typeof criterionEvaluations.$inferSelect,
): CriterionEvaluationInput => ({
  criterion: e.criterionId,
  evaluation: e.evaluation,
  grade: e.grade,
  letter: e.letter,
  progression: e.progression,
  text: e.text,
  trend: e.trend,
});
