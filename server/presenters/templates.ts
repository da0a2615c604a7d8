import type {
  BlockTemplateJson,
  BlockTreeOut,
  CriterionTemplateJson,
  PartPermissions,
  TemplateDetailJson,
  TemplateJson,
  TemplatePermissions,
} from '../../domain/schemas/templates.ts';
import { blockFields, buildTree, criterionFields, type TreeNode } from '../../domain/tree.ts';
import { templateFields } from '../lib/own-fields.ts';
import type { BlockTemplateRow, CriterionTemplateRow, TemplateRow } from '../queries/rows.ts';

export function presentTemplate(
  template: TemplateRow,
  topBlockIds: number[],
  permissions: TemplatePermissions,
): TemplateJson {
  return {
    ...templateFields(template),
    criterion_blocks: topBlockIds,
    permissions,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export const presentCriterionTemplate = (
  criterion: CriterionTemplateRow,
  permissions: PartPermissions,
): CriterionTemplateJson => ({
  ...criterionFields(criterion),
  block: criterion.blockId,
  permissions,
});

export const presentBlockTemplate = (
  block: BlockTemplateRow,
  criterionIds: number[],
  childBlockIds: number[],
): BlockTemplateJson => ({
  ...blockFields(block),
  template: block.templateId,
  parent: block.parentId,
  criterion_templates: criterionIds,
  criterion_block_templates: childBlockIds,
});

function presentNode(
  node: TreeNode<BlockTemplateRow, CriterionTemplateRow>,
  permissions: PartPermissions,
): BlockTreeOut {
  return {
    ...blockFields(node.block),
    criteria: node.criteria.map((c) => presentCriterionTemplate(c, permissions)),
    blocks: node.blocks.map((child) => presentNode(child, permissions)),
  };
}

export function presentTemplateDetail(
  template: TemplateRow,
  tree: { blocks: BlockTemplateRow[]; criteria: CriterionTemplateRow[] },
  permissions: { template: TemplatePermissions; parts: PartPermissions },
): TemplateDetailJson {
  const roots = buildTree(tree.blocks, tree.criteria);
  const topBlockIds = roots.map((r) => r.block.id);
  return {
    ...presentTemplate(template, topBlockIds, permissions.template),
    tree: roots.map((node) => presentNode(node, permissions.parts)),
  };
}
