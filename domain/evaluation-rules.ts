/**
 * Whether a criterion evaluation fits its criterion: values only on the scales the criterion
 * has, grades within min..max and on the step, letters within range, progression flags among
 * the criterion's. Pure; the server answers 400 with these field errors, the web shows them.
 */
import { EVALUATION_LEVELS, LETTERS, PROGRESSION_FLAGS, TRENDS, type Letter } from './constants.ts';
import { compare, isDecimal, isOnStep, normalizeDecimal } from './decimal.ts';
import type { CriterionDef } from './grading.ts';

/** A message key with its parameters, localised by whoever shows it. */
interface RuleError {
  key: string;
  params?: (string | number)[];
}
export type RuleErrors = Record<string, RuleError[]>;

/**
 * The fields a criterion evaluation write may carry. Absent fields are left as they are; null
 * clears a value and is always allowed. Values are typed loosely: this is the check.
 */
export interface CriterionEvaluationValues {
  evaluation?: string | null;
  grade?: string | null;
  letter?: string | null;
  progression?: readonly string[] | null;
  text?: string | null;
  trend?: string | null;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function gradeErrors(criterion: CriterionDef, grade: string): RuleError[] {
  const scale = criterion.grade;
  if (!scale) return [{ key: 'gradeNotAllowed' }];
  if (!isDecimal(grade)) return [{ key: 'number' }];
  if (compare(grade, scale.min) < 0)
    return [{ key: 'minValue', params: [normalizeDecimal(scale.min)] }];
  if (compare(grade, scale.max) > 0)
    return [{ key: 'maxValue', params: [normalizeDecimal(scale.max)] }];
  if (!isOnStep(grade, scale.step, scale.min))
    return [{ key: 'gradeStep', params: [normalizeDecimal(scale.step)] }];
  return [];
}

function letterErrors(criterion: CriterionDef, letter: string): RuleError[] {
  const range = criterion.letter_evaluation;
  if (!range) return [{ key: 'letterNotAllowed' }];
  if (!includes(LETTERS, letter)) return [{ key: 'invalidChoice' }];
  const index = LETTERS.indexOf(letter);
  const from = LETTERS.indexOf(range.min as Letter);
  const to = LETTERS.indexOf(range.max as Letter);
  if (index < from || index > to) return [{ key: 'letterRange', params: [range.min, range.max] }];
  return [];
}

function progressionErrors(criterion: CriterionDef, flags: readonly string[]): RuleError[] {
  if (flags.length === 0) return [];
  if (!criterion.has_progression) return [{ key: 'progressionNotAllowed' }];
  return flags.flatMap((flag): RuleError[] => {
    if (!includes(PROGRESSION_FLAGS, flag)) return [{ key: 'invalidChoice' }];
    if (!criterion.flags.includes(flag)) {
      return [{ key: 'progressionFlagNotAllowed', params: [flag] }];
    }
    return [];
  });
}

/** Field → errors for a criterion evaluation write; an empty object when it fits. */
export function validateCriterionEvaluation(
  criterion: CriterionDef,
  values: CriterionEvaluationValues,
): RuleErrors {
  const errors: RuleErrors = {};
  const check = (field: string, found: RuleError[]) => {
    if (found.length > 0) errors[field] = found;
  };
  if (values.evaluation != null) {
    if (!criterion.has_evaluation) check('evaluation', [{ key: 'evaluationNotAllowed' }]);
    else if (!includes(EVALUATION_LEVELS, values.evaluation)) {
      check('evaluation', [{ key: 'invalidChoice' }]);
    }
  }
  if (values.grade != null) check('grade', gradeErrors(criterion, values.grade));
  if (values.letter != null) check('letter', letterErrors(criterion, values.letter));
  if (values.progression != null) {
    check('progression', progressionErrors(criterion, values.progression));
  }
  if (values.text != null && values.text !== '' && !criterion.has_text_input) {
    check('text', [{ key: 'textNotAllowed' }]);
  }
  if (values.trend != null && !includes(TRENDS, values.trend)) {
    check('trend', [{ key: 'invalidChoice' }]);
  }
  return errors;
}
