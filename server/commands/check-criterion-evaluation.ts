import type { ProgressionFlag } from '../../domain/constants.ts';
import {
  validateCriterionEvaluation,
  type CriterionEvaluationValues,
} from '../../domain/evaluation-rules.ts';
import type { GradeScale, LetterScale } from '../db/schema/index.ts';
import { ValidationError } from '../lib/errors.ts';

export interface CriterionShape {
  id: number;
  hasEvaluation: boolean;
  hasTextInput: boolean;
  hasProgression: boolean;
  flags: ProgressionFlag[];
  grade: GradeScale | null;
  letterEvaluation: LetterScale | null;
  points: string;
}

/**
 * A criterion evaluation may only set what its criterion offers (domain/evaluation-rules.ts):
 * 400 with every field's localised messages otherwise.
 */
export function checkCriterionEvaluation(
  criterion: CriterionShape,
  values: CriterionEvaluationValues,
) {
  const errors = validateCriterionEvaluation(
    {
      id: criterion.id,
      has_evaluation: criterion.hasEvaluation,
      has_text_input: criterion.hasTextInput,
      has_progression: criterion.hasProgression,
      flags: criterion.flags,
      grade: criterion.grade,
      letter_evaluation: criterion.letterEvaluation,
      points: criterion.points,
    },
    values,
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
