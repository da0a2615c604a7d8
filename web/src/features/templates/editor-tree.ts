/**
 * The template editor's block / criterion tree: its shape, the reducer the editor changes it
 * with, and the conversions from the server's `tree` and to the body of contract C1.
 */
import { DEFAULT_CRITERION_POINTS, DEFAULT_GRADING_FORMULA } from '../../../../domain/constants.ts';
import {
  presetFields,
  presetOf,
  type CriterionPresetKey,
} from '../../../../domain/criterion-presets.ts';
import type { BlockValues, CriterionValues } from '../../../../domain/template-tree-save.ts';
import type { BlockTreeJson, CriterionTemplateJson } from '../../shared/api/templates.ts';

/** A saved item's id, or `temp-<random>` for one made in the editor (created on save). */
export type ItemId = number | string;

export interface EditorCriterion extends CriterionValues {
  kind: 'criterion';
  id: ItemId;
}

export interface EditorBlock extends BlockValues {
  kind: 'block';
  id: ItemId;
  criteria: EditorCriterion[];
  blocks: EditorBlock[];
}

export type EditorItem = EditorBlock | EditorCriterion;

/** A key unique over blocks and criteria (their ids come from two tables). */
export const itemKey = (item: Pick<EditorItem, 'kind' | 'id'>) =>
  `${item.kind === 'block' ? 'b' : 'c'}:${item.id}`;

const tempId = () => `temp-${crypto.randomUUID().slice(0, 8)}`;

export const isNewItem = (item: { id: ItemId }) => typeof item.id === 'string';

export function newBlock(): EditorBlock {
  return {
    kind: 'block',
    id: tempId(),
    name: '',
    reference: '',
    reference_color: null,
    should_include_in_export: true,
    is_one_line: false,
    grading_formula: DEFAULT_GRADING_FORMULA,
    coefficient: '1',
    criteria: [],
    blocks: [],
  };
}

export function newCriterion(preset: CriterionPresetKey): EditorCriterion {
  return {
    kind: 'criterion',
    id: tempId(),
    name: '',
    description: '',
    points: DEFAULT_CRITERION_POINTS,
    ...presetFields(preset),
  };
}

/** The preset a criterion still matches, null once customised. */
export const criterionPreset = (criterion: EditorCriterion) => presetOf(criterion);

const criterionFromJson = (c: CriterionTemplateJson): EditorCriterion => ({
  kind: 'criterion',
  id: c.id,
  name: c.name,
  description: c.description,
  points: c.points,
  has_evaluation: c.has_evaluation,
  has_text_input: c.has_text_input,
  has_progression: c.has_progression,
  flags: [...c.flags],
  grade: c.grade && { ...c.grade },
  letter_evaluation: c.letter_evaluation && { ...c.letter_evaluation },
});

/** The server's `tree` as the editor holds it. */
export const blocksFromJson = (tree: readonly BlockTreeJson[]): EditorBlock[] =>
  tree.map((b) => ({
    kind: 'block',
    id: b.id,
    name: b.name,
    reference: b.reference,
    reference_color: b.reference_color,
    should_include_in_export: b.should_include_in_export,
    is_one_line: b.is_one_line,
    grading_formula: b.grading_formula,
    coefficient: b.coefficient,
    criteria: b.criteria.map(criterionFromJson),
    blocks: blocksFromJson(b.blocks),
  }));

// ---------------------------------------------------------------------------------------------
// Reducer

export type BlockPatch = Partial<Omit<EditorBlock, 'kind' | 'id' | 'criteria' | 'blocks'>>;
export type CriterionPatch = Partial<Omit<EditorCriterion, 'kind' | 'id'>>;

export type TreeAction =
  | { type: 'load'; blocks: EditorBlock[] }
  /** a block at the top (parent null) or in a block without criteria */
  | { type: 'addBlock'; parent: string | null; block: EditorBlock }
  /** a criterion in a block without nested blocks */
  | { type: 'addCriterion'; parent: string; criterion: EditorCriterion }
  | { type: 'updateBlock'; key: string; patch: BlockPatch }
  | { type: 'updateCriterion'; key: string; patch: CriterionPatch }
  | { type: 'remove'; key: string }
  /** moves an item to another place among its siblings (drag or move up/down) */
  | { type: 'move'; key: string; to: number };

/** Can this block take nested blocks / criteria? Never both (spec section 3). */
export const canHoldBlocks = (block: EditorBlock) => block.criteria.length === 0;
export const canHoldCriteria = (block: EditorBlock) => block.blocks.length === 0;

/** Applies `change` to the block with `key` (anywhere in the tree); others kept as they are. */
function mapBlock(
  blocks: EditorBlock[],
  key: string | null,
  change: (block: EditorBlock) => EditorBlock,
): EditorBlock[] {
  return blocks.map((block) => {
    if (itemKey(block) === key) return change(block);
    const inner = mapBlock(block.blocks, key, change);
    return inner.some((b, i) => b !== block.blocks[i]) ? { ...block, blocks: inner } : block;
  });
}

/** Applies `change` to the list holding `key` (top blocks, some block's criteria or blocks). */
function mapSiblings(
  blocks: EditorBlock[],
  key: string,
  change: <T extends EditorItem>(list: T[]) => T[],
): EditorBlock[] {
  if (blocks.some((b) => itemKey(b) === key)) return change(blocks);
  return blocks.map((block) => {
    if (block.criteria.some((c) => itemKey(c) === key))
      return { ...block, criteria: change(block.criteria) };
    const inner = mapSiblings(block.blocks, key, change);
    return inner === block.blocks || inner.every((b, i) => b === block.blocks[i])
      ? block
      : { ...block, blocks: inner };
  });
}

function moveInList<T extends EditorItem>(list: T[], key: string, to: number): T[] {
  const from = list.findIndex((item) => itemKey(item) === key);
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from === target) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

export function treeReducer(blocks: EditorBlock[], action: TreeAction): EditorBlock[] {
  switch (action.type) {
    case 'load':
      return action.blocks;
    case 'addBlock':
      if (action.parent === null) return [...blocks, action.block];
      return mapBlock(blocks, action.parent, (b) =>
        canHoldBlocks(b) ? { ...b, blocks: [...b.blocks, action.block] } : b,
      );
    case 'addCriterion':
      return mapBlock(blocks, action.parent, (b) =>
        canHoldCriteria(b) ? { ...b, criteria: [...b.criteria, action.criterion] } : b,
      );
    case 'updateBlock':
      return mapBlock(blocks, action.key, (b) => {
        const next = { ...b, ...action.patch };
        // Spec section 5: a block not included in export weighs nothing.
        return next.should_include_in_export ? next : { ...next, coefficient: '0' };
      });
    case 'updateCriterion':
      return mapSiblings(blocks, action.key, (list) =>
        list.map((item) =>
          itemKey(item) === action.key && item.kind === 'criterion'
            ? { ...item, ...action.patch }
            : item,
        ),
      );
    case 'remove':
      return mapSiblings(blocks, action.key, (list) =>
        list.filter((item) => itemKey(item) !== action.key),
      );
    case 'move':
      return mapSiblings(blocks, action.key, (list) => moveInList(list, action.key, action.to));
  }
}

/** Every block and criterion, depth first, in display order. */
export function* walkItems(blocks: readonly EditorBlock[]): Generator<EditorItem> {
  for (const block of blocks) {
    yield block;
    yield* block.criteria;
    yield* walkItems(block.blocks);
  }
}

/** The local rule of the tree (the server checks everything again): every item has a name. */
export function localTreeErrors(
  blocks: readonly EditorBlock[],
  requiredMessage: string,
): Record<string, Record<string, string>> {
  const errors: Record<string, Record<string, string>> = {};
  for (const item of walkItems(blocks)) {
    if (!item.name.trim()) errors[itemKey(item)] = { name: requiredMessage };
  }
  return errors;
}
