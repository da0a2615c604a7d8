/**
 * Evaluation write bodies. The criterion's own rules (which scales it has, grade range and
 * step, letter range, allowed flags) are checked against the criterion by
 * validateCriterionEvaluation in domain/evaluation-rules.ts.
 */
import { z } from 'zod';
import { EVALUATION_LEVELS, LETTERS, PROGRESSION_FLAGS, TRENDS } from '../constants.ts';
import { decimalString, longText, version } from './common.ts';

/** PATCH /assessments/criteria/evaluations/{id}/: absent = unchanged, null = cleared. */
export const criterionEvaluationPatchSchema = z
  .object({
    version,
    evaluation: z.enum(EVALUATION_LEVELS).nullable(),
    text: longText.nullable(),
    progression: z
      .array(z.enum(PROGRESSION_FLAGS))
      .transform((list) => PROGRESSION_FLAGS.filter((flag) => list.includes(flag))),
    grade: decimalString.nullable(),
    letter: z.enum(LETTERS).nullable(),
    trend: z.enum(TRENDS).nullable(),
  })
  .partial()
  .required({ version: true });

/** PATCH /assessments/blocks/evaluations/{id}/. */
export const blockEvaluationPatchSchema = z.object({ version, comment: longText.optional() });

/** What every evaluation write answers: the new version and the recomputed grades. */
export const gradesSchema = z.object({
  version: z.number().int(),
  grade: z.string().nullable(),
  blocks: z.array(
    z.object({ id: z.number().int(), block: z.number().int(), grade: z.string().nullable() }),
  ),
  criteria: z.array(
    z.object({ id: z.number().int(), criterion: z.number().int(), points: z.string().nullable() }),
  ),
});
export type GradesAnswer = z.infer<typeof gradesSchema>;

export const blockEvaluationSchema = z.object({
  id: z.number().int(),
  assessment: z.number().int(),
  block: z.number().int(),
  comment: z.string(),
  grade: z.string().nullable(),
  version: z.number().int(),
});

/** PATCH /assessments/blocks/evaluations/{id}/: the grades and the block evaluation as saved. */
export const blockEvaluationWriteSchema = gradesSchema.extend({
  block_evaluation: blockEvaluationSchema.omit({ version: true }),
});
