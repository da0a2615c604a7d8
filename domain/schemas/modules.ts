/** The requests and the answers of /api/modules/instances/ and /api/assessments/groups/. */
import { z } from 'zod';
import { LOCALES, MODULE_STATUSES, MODULE_TYPES, ROUNDING_FORMULAS } from '../constants.ts';
import { blockFieldsSchema, criterionFieldsSchema } from './tree-fields.ts';

const id = z.number().int().positive();
const queryId = z.coerce.number().int().positive();

export const moduleListQuery = {
  status: z.enum(MODULE_STATUSES).optional(),
  unit: queryId.optional(),
  module_type: z.enum(MODULE_TYPES).optional(),
  cohort: queryId.optional(),
  template: queryId.optional(),
  instructor: queryId.optional(),
  search: z.string().max(200).optional(),
  ordering: z
    .enum([
      'name',
      '-name',
      'start_date',
      '-start_date',
      'end_date',
      '-end_date',
      'created_at',
      '-created_at',
    ])
    .optional(),
};

export const moduleDetailQuery = z.object({
  with_groups: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** Lock and unlock go through `status`; archiving has its own actions. */
export const modulePatchBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    cohort: id.nullable(),
    status: z.enum(['OPEN', 'LOCKED']),
  })
  .partial();

export const groupCreateBody = z.object({
  name: z.string().trim().min(1).max(200),
  module: id,
  instructors: z.array(id).max(100).default([]),
});

export const groupPatchBody = groupCreateBody
  .partial()
  .extend({ instructors: z.array(id).max(100).optional() });

const instructorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  module: z.number().int(),
  instructors: z.array(z.number().int()),
  instructor_details: z.array(instructorSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupJson = z.infer<typeof groupSchema>;

const moduleCriterionSchema = z.object({
  ...criterionFieldsSchema,
  source_criterion: z.number().int().nullable(),
});

/** A block of a module's frozen tree: its criteria or nested blocks, in order. */
export interface ModuleBlockOut extends z.infer<z.ZodObject<typeof blockFieldsSchema>> {
  source_block: number | null;
  criteria: z.infer<typeof moduleCriterionSchema>[];
  blocks: ModuleBlockOut[];
}
const moduleBlockSchema: z.ZodType<ModuleBlockOut> = z.object({
  ...blockFieldsSchema,
  source_block: z.number().int().nullable(),
  criteria: z.array(moduleCriterionSchema),
  get blocks() {
    return z.array(moduleBlockSchema);
  },
});
moduleBlockSchema.register(z.globalRegistry, { id: 'ModuleBlock' });

export const moduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  template: z.number().int().nullable(),
  module_type: z.enum(MODULE_TYPES),
  language: z.enum(LOCALES),
  rounding_formula: z.enum(ROUNDING_FORMULAS),
  graded: z.boolean(),
  unit: z.number().int(),
  cohort: z.number().int().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(MODULE_STATUSES),
  permissions: z.object({
    change: z.boolean(),
    archive: z.boolean(),
    manage_groups: z.boolean(),
    instanciate: z.boolean(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});

export const moduleDetailSchema = moduleSchema.extend({
  criterion_blocks: z.array(z.number().int()),
  tree: z.array(moduleBlockSchema),
  groups: z.array(groupSchema).optional(),
});
export type ModuleJson = z.infer<typeof moduleSchema>;
export type ModulePermissions = ModuleJson['permissions'];
export type ModuleListQuery = z.output<z.ZodObject<typeof moduleListQuery>>;
export type ModulePatch = z.output<typeof modulePatchBody>;
export type GroupCreate = z.output<typeof groupCreateBody>;
export type GroupPatch = z.output<typeof groupPatchBody>;
