/**
 * Criterion block template bodies (spec section 3 "Criterion block template"). The coefficient
 * is forced to "0" when a block is not included in export (spec section 5).
 */
import { z } from 'zod';
import { GRADING_FORMULAS } from '../constants.ts';
import { decimalString, hexColor, id, name } from './common.ts';

/** The fields of a block body (also the blocks of a tree save, schemas/template-tree.ts). */
export const blockTemplateFields = {
  name,
  reference: z.string().trim().max(50),
  reference_color: hexColor.nullable(),
  should_include_in_export: z.boolean(),
  is_one_line: z.boolean(),
  grading_formula: z.enum(GRADING_FORMULAS),
  coefficient: decimalString,
  order: z.number().int().min(0),
};

/** A block not included in export weighs nothing: its coefficient becomes "0". */
export function forceCoefficient<
  T extends { should_include_in_export?: boolean; coefficient?: string },
>(block: T): T {
  return block.should_include_in_export === false ? { ...block, coefficient: '0' } : block;
}

/**
 * POST /assessments/blocks/templates/: name and template required; the server defaults the rest
 * (grading_formula OVER_FIVE_PLUS_ONE_ROUND, coefficient "1", in export, not one line).
 * `parent` nests the block in another block of the same template.
 */
export const blockTemplateCreateSchema = z
  .object({
    ...blockTemplateFields,
    reference: blockTemplateFields.reference.optional(),
    reference_color: blockTemplateFields.reference_color.optional(),
    should_include_in_export: blockTemplateFields.should_include_in_export.optional(),
    is_one_line: blockTemplateFields.is_one_line.optional(),
    grading_formula: blockTemplateFields.grading_formula.optional(),
    coefficient: blockTemplateFields.coefficient.optional(),
    order: blockTemplateFields.order.optional(),
    template: id,
    parent: id.nullable().optional(),
  })
  .transform(forceCoefficient);

/**
 * PATCH /assessments/blocks/templates/{id}/. Forces the coefficient when the body itself says
 * "not in export"; for a block already out of export, the server applies forceCoefficient to the
 * merged row.
 */
export const blockTemplatePatchSchema = z
  .object({ ...blockTemplateFields, parent: id.nullable() })
  .partial()
  .transform(forceCoefficient);

export type BlockTemplateCreate = z.output<typeof blockTemplateCreateSchema>;
export type BlockTemplatePatch = z.output<typeof blockTemplatePatchSchema>;
