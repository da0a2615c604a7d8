/**
 * Criterion template bodies (domain.md "Criterion template"). Own message keys:
 * gradeScaleOrder (max not above min), gradeScaleStep (step 0, or max − min not a whole number
 * of steps), letterRangeOrder (max letter before min), flagsWithoutProgression.
 */
import { z } from 'zod';
import { LETTERS, PROGRESSION_FLAGS } from '../constants.ts';
import { CRITERION_PRESET_KEYS, type CriterionPresetFields } from '../criterion-presets.ts';
import { compare, isOnStep } from '../decimal.ts';
import type { RuleErrors } from '../evaluation-rules.ts';
import { decimalString, id, longText, name } from './common.ts';

const gradeScaleSchema = z
  .object({ min: decimalString, max: decimalString, step: decimalString, weight: decimalString })
  .superRefine((scale, ctx) => {
    if (compare(scale.max, scale.min) <= 0) {
      ctx.addIssue({ code: 'custom', message: 'gradeScaleOrder', path: ['max'] });
    } else if (compare(scale.step, '0') <= 0 || !isOnStep(scale.max, scale.step, scale.min)) {
      ctx.addIssue({ code: 'custom', message: 'gradeScaleStep', path: ['step'] });
    }
  });

const letterScaleSchema = z
  .object({ min: z.enum(LETTERS), max: z.enum(LETTERS) })
  .refine((scale) => LETTERS.indexOf(scale.min) <= LETTERS.indexOf(scale.max), {
    message: 'letterRangeOrder',
    path: ['max'],
  });

const flags = z
  .array(z.enum(PROGRESSION_FLAGS))
  .transform((list) => PROGRESSION_FLAGS.filter((flag) => list.includes(flag)));

/** The fields of a criterion body (also the criteria of a tree save, schemas/template-tree.ts). */
export const criterionTemplateFields = {
  name,
  description: longText,
  order: z.number().int().min(0),
  has_evaluation: z.boolean(),
  has_text_input: z.boolean(),
  has_progression: z.boolean(),
  /** Deduplicated and put in the order of PROGRESSION_FLAGS. */
  flags,
  grade: gradeScaleSchema.nullable(),
  letter_evaluation: letterScaleSchema.nullable(),
  /** Max points for OVER_FIVE_PLUS_ONE_ROUND; "2" by default. */
  points: decimalString,
  /** The block holding the criterion. */
  block: id,
  /** Fills the preset's fields; fields given beside it win. */
  preset: z.enum(CRITERION_PRESET_KEYS),
};

/** Cross-field rules of a criterion's final fields (after a preset or a patch is applied). */
export function criterionTemplateErrors(criterion: CriterionPresetFields): RuleErrors {
  if (!criterion.has_progression && criterion.flags.length > 0) {
    return { flags: [{ key: 'flagsWithoutProgression' }] };
  }
  return {};
}

/** Flags need progression, when the body itself says there is none. */
export const checkFlags = (
  body: { has_progression?: boolean; flags?: string[] },
  ctx: z.RefinementCtx,
) => {
  if (body.has_progression === false && (body.flags?.length ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', message: 'flagsWithoutProgression', path: ['flags'] });
  }
};

/**
 * POST /assessments/criteria/templates/: name and block required. Unknown keys, such as the
 * `permissions` the server computes, are dropped (spec: "stripped before saving").
 */
export const criterionTemplateCreateSchema = z
  .object(criterionTemplateFields)
  .partial()
  .required({ name: true, block: true })
  .superRefine(checkFlags);

/** PATCH /assessments/criteria/templates/{id}/. */
export const criterionTemplatePatchSchema = z
  .object(criterionTemplateFields)
  .partial()
  .superRefine(checkFlags);

export type CriterionTemplateCreate = z.output<typeof criterionTemplateCreateSchema>;
export type CriterionTemplatePatch = z.output<typeof criterionTemplatePatchSchema>;
