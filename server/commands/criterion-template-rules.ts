import { presetFields } from '../../domain/criterion-presets.ts';
import {
  criterionTemplateErrors,
  type CriterionTemplatePatch,
} from '../../domain/schemas/criterion-templates.ts';
import type { CriterionRow } from '../../domain/tree.ts';
import type { Queryable } from '../db/client.ts';
import { badRequest, ValidationError } from '../lib/errors.ts';
import { nestedBlockCount } from '../queries/template-parts.ts';
import { definedOnly } from './touch-template.ts';

/** Criteria go into blocks that hold no nested blocks (400 on `block`). */
export async function checkBlockTakesCriteria(q: Queryable, blockId: number) {
  if ((await nestedBlockCount(q, blockId)) > 0) throw badRequest('block', 'blockHoldsBlocks');
}

/** The columns a body sets: the preset's fields first, then whatever the body gives. */
export function columnsOf(body: CriterionTemplatePatch) {
  const preset = body.preset ? presetFields(body.preset) : undefined;
  return definedOnly({
    name: body.name,
    order: body.order,
    description: body.description,
    hasEvaluation: body.has_evaluation ?? preset?.has_evaluation,
    hasTextInput: body.has_text_input ?? preset?.has_text_input,
    hasProgression: body.has_progression ?? preset?.has_progression,
    flags: body.flags ?? preset?.flags,
    grade: body.grade !== undefined ? body.grade : preset?.grade,
    letterEvaluation:
      body.letter_evaluation !== undefined ? body.letter_evaluation : preset?.letter_evaluation,
    points: body.points,
  });
}

/** The rules across fields, on what the criterion will be once saved. */
export function checkFinal(
  row: Omit<CriterionRow, 'id' | 'blockId' | 'order' | 'name' | 'description' | 'points'>,
) {
  const errors = criterionTemplateErrors({
    has_evaluation: row.hasEvaluation,
    has_text_input: row.hasTextInput,
    has_progression: row.hasProgression,
    flags: row.flags,
    grade: row.grade,
    letter_evaluation: row.letterEvaluation,
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export const NEW_CRITERION = {
  hasEvaluation: false,
  hasTextInput: false,
  hasProgression: false,
  flags: [],
  grade: null,
  letterEvaluation: null,
};
