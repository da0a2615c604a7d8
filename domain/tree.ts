/**
 * A stored tree (a template's or a module's frozen one): its rows as the API writes their fields,
 * and the rows nested as blocks with their criteria.
 */
import type { GradingFormula, ProgressionFlag } from './constants.ts';
import type { GradeScale } from './grading.ts';

interface LetterScale {
  min: string;
  max: string;
}

/** "1.000" → "1", "0.500" → "0.5": numeric columns as the API writes decimals. */
function plainDecimal(value: string): string;
function plainDecimal(value: string | null): string | null;
function plainDecimal(value: string | null): string | null {
  if (value === null || !value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

const plainScale = <T extends object>(scale: T | null): T | null =>
  scale &&
  (Object.fromEntries(
    Object.entries(scale).map(([k, v]) => [k, typeof v === 'string' ? plainDecimal(v) : v]),
  ) as T);

/** The block fields a template block and a module's frozen block share. */
export interface BlockRow {
  id: number;
  parentId: number | null;
  order: number;
  name: string;
  reference: string;
  referenceColor: string | null;
  shouldIncludeInExport: boolean;
  isOneLine: boolean;
  gradingFormula: GradingFormula;
  coefficient: string;
}

/** The criterion fields a template criterion and a module's frozen criterion share. */
export interface CriterionRow {
  id: number;
  blockId: number;
  order: number;
  name: string;
  description: string;
  hasEvaluation: boolean;
  hasTextInput: boolean;
  hasProgression: boolean;
  flags: ProgressionFlag[];
  grade: GradeScale | null;
  letterEvaluation: LetterScale | null;
  points: string;
}

export const blockFields = (block: BlockRow) => ({
  id: block.id,
  order: block.order,
  name: block.name,
  reference: block.reference,
  reference_color: block.referenceColor,
  should_include_in_export: block.shouldIncludeInExport,
  is_one_line: block.isOneLine,
  grading_formula: block.gradingFormula,
  coefficient: plainDecimal(block.coefficient),
});

export const criterionFields = (criterion: CriterionRow) => ({
  id: criterion.id,
  order: criterion.order,
  name: criterion.name,
  description: criterion.description,
  has_evaluation: criterion.hasEvaluation,
  has_text_input: criterion.hasTextInput,
  has_progression: criterion.hasProgression,
  flags: criterion.flags,
  grade: plainScale(criterion.grade),
  letter_evaluation: plainScale(criterion.letterEvaluation),
  points: plainDecimal(criterion.points),
});

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

export interface TreeNode<B, C> {
  block: B;
  criteria: C[];
  blocks: TreeNode<B, C>[];
}

/** Blocks and criteria as nested nodes, each level in order. */
export function buildTree<B extends BlockRow, C extends CriterionRow>(
  blocks: B[],
  criteria: C[],
): TreeNode<B, C>[] {
  const nodes = new Map<number, TreeNode<B, C>>();
  for (const block of [...blocks].sort(byOrder))
    nodes.set(block.id, { block, criteria: [], blocks: [] });
  for (const criterion of [...criteria].sort(byOrder))
    nodes.get(criterion.blockId)?.criteria.push(criterion);
  const roots: TreeNode<B, C>[] = [];
  for (const node of nodes.values()) {
    const parent = node.block.parentId === null ? undefined : nodes.get(node.block.parentId);
    (parent ? parent.blocks : roots).push(node);
  }
  return roots;
}
