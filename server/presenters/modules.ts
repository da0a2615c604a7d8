import type {
  ModuleBlockOut,
  ModuleJson,
  ModulePermissions,
} from '../../domain/schemas/modules.ts';
import { blockFields, buildTree, criterionFields, type TreeNode } from '../../domain/tree.ts';
import { moduleFields } from '../lib/own-fields.ts';
import type { ModuleBlockRow, ModuleCriterionRow, ModuleRow } from '../queries/rows.ts';

export function presentModule(module: ModuleRow, permissions: ModulePermissions): ModuleJson {
  return {
    ...moduleFields(module),
    permissions,
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
