import { z } from 'zod';
import {
  GRADING_FORMULAS,
  LETTERS,
  LOCALES,
  MODULE_TYPES,
  PROGRESSION_FLAGS,
  ROUNDING_FORMULAS,
} from '../../../domain/constants.ts';
import { CRITERION_PRESET_KEYS } from '../../../domain/criterion-presets.ts';

/**
 * Request bodies of templates, blocks and criteria. Unknown keys (`id`, `permissions`,
 * `criterion_blocks`, …) are dropped, never refused: the web sends back what it read.
 */
const name = z.string().trim().min(1).max(200);
const text = z.string().max(5000);
const id = z.number().int().positive();
const decimalString = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,5}(\.\d{1,3})?$/));

export const templateCreateBody = z.object({
  template_name: name,
  module_type: z.enum(MODULE_TYPES),
  description: text.optional(),
  language: z.enum(LOCALES).optional(),
  rounding_formula: z.enum(ROUNDING_FORMULAS).optional(),
  graded: z.boolean().optional(),
  unit: id.nullable().optional(),
});

export const templatePatchBody = templateCreateBody.omit({ unit: true }).partial();

export const templateListQuery = {
  module_type: z.enum(MODULE_TYPES).optional(),
  language: z.enum(LOCALES).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED']).optional(),
  unit: z.coerce.number().int().positive().optional(),
  search: z.string().max(200).optional(),
  ordering: z
    .enum([
      'template_name',
      '-template_name',
      'created_at',
      '-created_at',
      'updated_at',
      '-updated_at',
      'module_type',
      '-module_type',
    ])
    .optional(),
};

/** A POST without body arrives as null: read it as an empty object. */
const orEmpty = <T extends z.ZodObject>(schema: T) =>
  schema.nullish().transform((value) => value ?? ({} as z.output<T>));

export const instanciateBody = orEmpty(
  z.object({
    name: z.string().trim().max(200).optional(),
    unit: id.optional(),
    cohort: id.nullable().optional(),
    start_date: z.iso.date().nullable().optional(),
    end_date: z.iso.date().nullable().optional(),
  }),
);

export const duplicateBody = orEmpty(z.object({ unit: id.nullable().optional() }));

const blockFields = {
  name,
  order: z.number().int().min(0).optional(),
  reference: z.string().max(50).optional(),
  reference_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .optional(),
  should_include_in_export: z.boolean().optional(),
  is_one_line: z.boolean().optional(),
  grading_formula: z.enum(GRADING_FORMULAS).optional(),
  coefficient: decimalString.optional(),
};

export const blockCreateBody = z.object({
  ...blockFields,
  template: id,
  parent: id.nullable().optional(),
});

export const blockPatchBody = z.object({ ...blockFields, parent: id.nullable() }).partial();

const gradeScale = z.object({
  min: decimalString,
  max: decimalString,
  step: decimalString,
  weight: decimalString,
});
const letterScale = z.object({ min: z.enum(LETTERS), max: z.enum(LETTERS) });

const criterionFields = {
  name,
  order: z.number().int().min(0).optional(),
  description: text.optional(),
  has_evaluation: z.boolean().optional(),
  has_text_input: z.boolean().optional(),
  has_progression: z.boolean().optional(),
  flags: z.array(z.enum(PROGRESSION_FLAGS)).optional(),
  grade: gradeScale.nullable().optional(),
  letter_evaluation: letterScale.nullable().optional(),
  points: decimalString.optional(),
};

/** `preset` fills the preset's fields; fields given beside it win. */
export const criterionCreateBody = z.object({
  ...criterionFields,
  block: id,
  preset: z.enum(CRITERION_PRESET_KEYS).optional(),
});

export const criterionPatchBody = z
  .object({ ...criterionFields, block: id, preset: z.enum(CRITERION_PRESET_KEYS) })
  .partial();
