import { z } from 'zod';
import {
  ARCHIVE_STATUSES,
  LOCALES,
  MODULE_TYPES,
  ROUNDING_FORMULAS,
} from '../../domain/constants.ts';
import { can } from '../../domain/policy.ts';
import type {
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { templateTarget } from '../policies/templates.ts';
import {
  blockFields,
  blockFieldsSchema,
  buildTree,
  criterionFields,
  criterionFieldsSchema,
  type TreeNode,
} from './tree.ts';

type TemplateRow = typeof moduleTemplates.$inferSelect;
type BlockTemplateRow = typeof criterionBlockTemplates.$inferSelect;
type CriterionTemplateRow = typeof criterionTemplates.$inferSelect;

export const permissionsSchema = z.object({ change: z.boolean(), delete: z.boolean() });

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
export const blockTreeSchema: z.ZodType<BlockTreeOut> = z.object({
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

/** What the reader may do with a template's parts: computed here, ignored on write. */
export const partPermissions = (actor: Actor, template: { unitId: number | null }) => {
  const allowed = can(actor, 'changeModuleTemplate', templateTarget(template));
  return { change: allowed, delete: allowed };
};

export function presentTemplate(actor: Actor, template: TemplateRow, topBlockIds: number[]) {
  const target = templateTarget(template);
  return {
    id: template.id,
    template_name: template.templateName,
    module_type: template.moduleType,
    description: template.description,
    language: template.language,
    status: template.status,
    rounding_formula: template.roundingFormula,
    graded: template.graded,
    unit: template.unitId,
    version: template.version,
    criterion_blocks: topBlockIds,
    permissions: {
      change: can(actor, 'changeModuleTemplate', target),
      delete: can(actor, 'deleteModuleTemplate', target),
      archive: can(actor, 'archiveModuleTemplate', target),
    },
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export const presentCriterionTemplate = (
  criterion: CriterionTemplateRow,
  permissions: z.infer<typeof permissionsSchema>,
) => ({ ...criterionFields(criterion), block: criterion.blockId, permissions });

export const presentBlockTemplate = (
  block: BlockTemplateRow,
  criterionIds: number[],
  childBlockIds: number[],
) => ({
  ...blockFields(block),
  template: block.templateId,
  parent: block.parentId,
  criterion_templates: criterionIds,
  criterion_block_templates: childBlockIds,
});

function presentNode(
  node: TreeNode<BlockTemplateRow, CriterionTemplateRow>,
  permissions: z.infer<typeof permissionsSchema>,
): BlockTreeOut {
  return {
    ...blockFields(node.block),
    criteria: node.criteria.map((c) => presentCriterionTemplate(c, permissions)),
    blocks: node.blocks.map((child) => presentNode(child, permissions)),
  };
}

export function presentTemplateDetail(
  actor: Actor,
  template: TemplateRow,
  blocks: BlockTemplateRow[],
  criteria: CriterionTemplateRow[],
) {
  const roots = buildTree(blocks, criteria);
  const permissions = partPermissions(actor, template);
  return {
    ...presentTemplate(
      actor,
      template,
      roots.map((r) => r.block.id),
    ),
    tree: roots.map((node) => presentNode(node, permissions)),
  };
}
