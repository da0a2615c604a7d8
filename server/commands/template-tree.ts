import { buildTree, type BlockRow, type CriterionRow, type TreeNode } from '../../domain/tree.ts';

/** The fields of a block to copy, without its identity and place. */
export const copiedBlockFields = (block: BlockRow) => ({
  order: block.order,
  name: block.name,
  reference: block.reference,
  referenceColor: block.referenceColor,
  shouldIncludeInExport: block.shouldIncludeInExport,
  isOneLine: block.isOneLine,
  gradingFormula: block.gradingFormula,
  coefficient: block.coefficient,
});

/** The fields of a criterion to copy, without its identity and place. */
export const copiedCriterionFields = (criterion: CriterionRow) => ({
  order: criterion.order,
  name: criterion.name,
  description: criterion.description,
  hasEvaluation: criterion.hasEvaluation,
  hasTextInput: criterion.hasTextInput,
  hasProgression: criterion.hasProgression,
  flags: criterion.flags,
  grade: criterion.grade,
  letterEvaluation: criterion.letterEvaluation,
  points: criterion.points,
});

/**
 * Copies a tree parent first: `insertBlock` stores one block under a new parent and answers
 * its new id, `insertCriteria` stores the criteria of a copied block.
 */
export async function copyTree<B extends BlockRow, C extends CriterionRow>(
  blocks: B[],
  criteria: C[],
  insertBlock: (block: B, newParentId: number | null) => Promise<number>,
  insertCriteria: (criteria: C[], newBlockId: number) => Promise<void>,
) {
  const walk = async (nodes: TreeNode<B, C>[], newParentId: number | null) => {
    for (const node of nodes) {
      const newId = await insertBlock(node.block, newParentId);
      if (node.criteria.length > 0) await insertCriteria(node.criteria, newId);
      await walk(node.blocks, newId);
    }
  };
  await walk(buildTree(blocks, criteria), null);
}
