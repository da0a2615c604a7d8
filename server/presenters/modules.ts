import { z } from 'zod';
import {
  LOCALES,
  MODULE_STATUSES,
  MODULE_TYPES,
  ROUNDING_FORMULAS,
} from '../../domain/constants.ts';
import { can } from '../../domain/policy.ts';
import type { moduleBlocks, moduleCriteria, modules } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { ModuleTarget } from '../policies/modules.ts';
import { groupSchema } from './groups.ts';
import {
  blockFields,
  blockFieldsSchema,
  buildTree,
  criterionFields,
  criterionFieldsSchema,
  type TreeNode,
} from './tree.ts';

type ModuleRow = typeof modules.$inferSelect;
type ModuleBlockRow = typeof moduleBlocks.$inferSelect;
type ModuleCriterionRow = typeof moduleCriteria.$inferSelect;

export const moduleCriterionSchema = z.object({
  ...criterionFieldsSchema,
  source_criterion: z.number().int().nullable(),
});

/** A block of a module's frozen tree: its criteria or nested blocks, in order. */
export interface ModuleBlockOut extends z.infer<z.ZodObject<typeof blockFieldsSchema>> {
  source_block: number | null;
  criteria: z.infer<typeof moduleCriterionSchema>[];
  blocks: ModuleBlockOut[];
}
export const moduleBlockSchema: z.ZodType<ModuleBlockOut> = z.object({
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

export function presentModule(actor: Actor, module: ModuleRow, target: ModuleTarget) {
  return {
    id: module.id,
    name: module.name,
    template: module.templateId,
    module_type: module.moduleType,
    language: module.language,
    rounding_formula: module.roundingFormula,
    graded: module.graded,
    unit: module.unitId,
    cohort: module.cohortId,
    start_date: module.startDate,
    end_date: module.endDate,
    status: module.status,
    permissions: {
      change: can(actor, 'changeModuleInstance', target),
      archive: can(actor, 'archiveModuleInstance', target),
      manage_groups: can(actor, 'manageAssessmentGroups', target),
      instanciate: can(actor, 'instanciateAssessment', target),
    },
    created_at: module.createdAt.toISOString(),
    updated_at: module.updatedAt.toISOString(),
  };
}

function presentNode(node: TreeNode<ModuleBlockRow, ModuleCriterionRow>): ModuleBlockOut {
  return {
    ...blockFields(node.block),
    source_block: node.block.sourceBlockId,
    criteria: node.criteria.map((c) => ({
      ...criterionFields(c),
      source_criterion: c.sourceCriterionId,
    })),
    blocks: node.blocks.map(presentNode),
  };
}

/** A module's frozen tree, as the web shows it (never the template's current one). */
export function presentFrozenTree(blocks: ModuleBlockRow[], criteria: ModuleCriterionRow[]) {
  const roots = buildTree(blocks, criteria);
  return { criterion_blocks: roots.map((r) => r.block.id), tree: roots.map(presentNode) };
}
