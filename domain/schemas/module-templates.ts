/** Module template bodies (domain.md "Module template"). */
import { z } from 'zod';
import { LOCALES, MODULE_TYPES, ROUNDING_FORMULAS } from '../constants.ts';
import { id, longText, name } from './common.ts';

const fields = {
  template_name: name,
  module_type: z.enum(MODULE_TYPES),
  description: longText,
  language: z.enum(LOCALES),
  rounding_formula: z.enum(ROUNDING_FORMULAS),
  graded: z.boolean(),
  /** The owning unit; null = shared by every unit (ADMIN only). */
  unit: id.nullable(),
};

/**
 * POST /modules/templates/: name and module type required, the rest optional (the server
 * fills description "", language of the request, rounding TENTH, graded false, unit null).
 * Unknown keys (id, status, criterion_blocks, …) are dropped: the web sends back what it read.
 */
export const moduleTemplateCreateSchema = z.object({
  ...fields,
  description: fields.description.optional(),
  language: fields.language.optional(),
  rounding_formula: fields.rounding_formula.optional(),
  graded: fields.graded.optional(),
  unit: fields.unit.optional(),
});

/** PATCH /modules/templates/{id}/: any field but the unit. */
export const moduleTemplatePatchSchema = z.object(fields).omit({ unit: true }).partial();

export type ModuleTemplateCreate = z.infer<typeof moduleTemplateCreateSchema>;
export type ModuleTemplatePatch = z.infer<typeof moduleTemplatePatchSchema>;

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
export type TemplateListQuery = z.output<z.ZodObject<typeof templateListQuery>>;
export type InstanciateTemplate = z.output<typeof instanciateBody>;
