/** The fields every block and criterion answer shares, for templates and modules alike. */
import { z } from 'zod';
import { GRADING_FORMULAS, PROGRESSION_FLAGS } from '../constants.ts';

const gradeScaleOut = z.object({
  min: z.string(),
  max: z.string(),
  step: z.string(),
  weight: z.string(),
});
const letterScaleOut = z.object({ min: z.string(), max: z.string() });

export const blockFieldsSchema = {
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  reference: z.string(),
  reference_color: z.string().nullable(),
  should_include_in_export: z.boolean(),
  is_one_line: z.boolean(),
  grading_formula: z.enum(GRADING_FORMULAS),
  coefficient: z.string(),
};

export const criterionFieldsSchema = {
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  description: z.string(),
  has_evaluation: z.boolean(),
  has_text_input: z.boolean(),
  has_progression: z.boolean(),
  flags: z.array(z.enum(PROGRESSION_FLAGS)),
  grade: gradeScaleOut.nullable(),
  letter_evaluation: letterScaleOut.nullable(),
  points: z.string(),
};
