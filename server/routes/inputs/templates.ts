import { z } from 'zod';
import { LOCALES, MODULE_TYPES } from '../../../domain/constants.ts';
import { id } from '../../../domain/schemas/common.ts';

/**
 * Request bodies of templates, blocks and criteria come from domain/schemas (shared with the
 * web form). Unknown keys (`id`, `permissions`, `criterion_blocks`, …) are dropped, never
 * refused: the web sends back what it read. Here: only what the web never validates itself.
 */
export {
  moduleTemplateCreateSchema as templateCreateBody,
  moduleTemplatePatchSchema as templatePatchBody,
} from '../../../domain/schemas/module-templates.ts';
export {
  moduleTemplateCreateWithTreeSchema as templateCreateWithTreeBody,
  templateTreeSaveSchema as templateTreeBody,
} from '../../../domain/schemas/template-tree.ts';
export {
  blockTemplateCreateSchema as blockCreateBody,
  blockTemplatePatchSchema as blockPatchBody,
} from '../../../domain/schemas/block-templates.ts';
export {
  criterionTemplateCreateSchema as criterionCreateBody,
  criterionTemplatePatchSchema as criterionPatchBody,
} from '../../../domain/schemas/criterion-templates.ts';

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
