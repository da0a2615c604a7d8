/** The answers of /api/modules/templates/ and of their blocks and criteria. */
import { z } from 'zod';
import { ARCHIVE_STATUSES, LOCALES, MODULE_TYPES, ROUNDING_FORMULAS } from '../constants.ts';
import { blockFieldsSchema, criterionFieldsSchema } from './tree-fields.ts';

/** What the reader may do with a template's parts: computed by the server, ignored on write. */
const permissionsSchema = z.object({ change: z.boolean(), delete: z.boolean() });

export const criterionTemplateSchema = z.object({
  ...criterionFieldsSchema,
  block: z.number().int(),
  permissions: permissionsSchema,
});

export const blockTemplateSchema = z.object({
  ...blockFieldsSchema,
  template: z.number().int(),
  parent: z.number().int().nullable(),
  criterion_templates: z.array(z.number().int()),
  criterion_block_templates: z.array(z.number().int()),
});

/** A block of the editor's tree: its criteria or its nested blocks, in order. */
export interface BlockTreeOut extends z.infer<z.ZodObject<typeof blockFieldsSchema>> {
  criteria: z.infer<typeof criterionTemplateSchema>[];
  blocks: BlockTreeOut[];
}
const blockTreeSchema: z.ZodType<BlockTreeOut> = z.object({
  ...blockFieldsSchema,
  criteria: z.array(criterionTemplateSchema),
  get blocks() {
    return z.array(blockTreeSchema);
  },
});
// a recursive schema is a named component of the OpenAPI document, which its $refs point to
blockTreeSchema.register(z.globalRegistry, { id: 'TemplateBlockTree' });

export const templateSchema = z.object({
  id: z.number().int(),
  template_name: z.string(),
  module_type: z.enum(MODULE_TYPES),
  description: z.string(),
  language: z.enum(LOCALES),
  status: z.enum(ARCHIVE_STATUSES),
  rounding_formula: z.enum(ROUNDING_FORMULAS),
  graded: z.boolean(),
  unit: z.number().int().nullable(),
  version: z.number().int(),
  criterion_blocks: z.array(z.number().int()),
  permissions: z.object({ change: z.boolean(), delete: z.boolean(), archive: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export const templateDetailSchema = templateSchema.extend({ tree: z.array(blockTreeSchema) });

/** The answer of a tree save: the template detail and how many items were skipped. */
export const savedTreeSchema = templateDetailSchema.extend({ skipped: z.number().int() });

export type TemplateJson = z.infer<typeof templateSchema>;
export type TemplatePermissions = TemplateJson['permissions'];
export type TemplateDetailJson = z.infer<typeof templateDetailSchema>;
export type PartPermissions = z.infer<typeof permissionsSchema>;
export type CriterionTemplateJson = z.infer<typeof criterionTemplateSchema>;
export type BlockTemplateJson = z.infer<typeof blockTemplateSchema>;
