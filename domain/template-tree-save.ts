/**
 * Plans the save of a template's whole block / criterion tree (spec section 5): what to create,
 * update, delete and skip, without touching a database. The server runs the plan in one
 * transaction (server/commands/save-template-tree.ts).
 *
 * - An id containing "temp" creates the item, a number updates the saved item of that id (it must
 *   be one of this template's, and named once), an item without id is skipped and reported, with
 *   everything it holds.
 * - The order of an item is its position in its array; a block's parent is the enclosing block.
 * - A block holds criteria or nested blocks, never both.
 * - A block left out of the export weighs nothing: its coefficient becomes "0".
 * - A criterion's `preset` fills its fields first, the fields given beside it win; flags need
 *   progression on the final fields.
 * - Saved items the tree no longer names are deleted.
 */
import {
  DEFAULT_CRITERION_POINTS,
  DEFAULT_GRADING_FORMULA,
  type GradingFormula,
} from './constants.ts';
import { NO_PRESET, presetFields, type CriterionPresetFields } from './criterion-presets.ts';
import type { RuleErrors } from './evaluation-rules.ts';
import { forceCoefficient } from './schemas/block-templates.ts';
import { criterionTemplateErrors } from './schemas/criterion-templates.ts';
import type { TreeBlockInput, TreeCriterionInput } from './schemas/template-tree.ts';

export interface BlockValues {
  name: string;
  reference: string;
  reference_color: string | null;
  should_include_in_export: boolean;
  is_one_line: boolean;
  grading_formula: GradingFormula;
  coefficient: string;
}

export interface CriterionValues extends CriterionPresetFields {
  name: string;
  description: string;
  points: string;
}

/** What a new block is unless the tree says otherwise. */
export const NEW_BLOCK: Omit<BlockValues, 'name'> = {
  reference: '',
  reference_color: null,
  should_include_in_export: true,
  is_one_line: false,
  grading_formula: DEFAULT_GRADING_FORMULA,
  coefficient: '1',
};

/** What a new criterion is unless its preset or the tree says otherwise. */
export const NEW_CRITERION: Omit<CriterionValues, 'name'> = {
  description: '',
  ...NO_PRESET,
  points: DEFAULT_CRITERION_POINTS,
};

const BLOCK_KEYS = [
  'name',
  'reference',
  'reference_color',
  'should_include_in_export',
  'is_one_line',
  'grading_formula',
  'coefficient',
] as const satisfies readonly (keyof BlockValues)[];

const CRITERION_KEYS = [
  'name',
  'description',
  'has_evaluation',
  'has_text_input',
  'has_progression',
  'flags',
  'grade',
  'letter_evaluation',
  'points',
] as const satisfies readonly (keyof CriterionValues)[];

/** A block as saved: its values, its parent block's id and its order. */
export interface SavedBlock extends BlockValues {
  id: number;
  parent: number | null;
  order: number;
}

/** A criterion as saved: its values, its block's id and its order. */
export interface SavedCriterion extends CriterionValues {
  id: number;
  block: number;
  order: number;
}

interface PlannedBlock {
  /** The saved block to update, or null to create one. */
  id: number | null;
  /** Index in `TreePlan.blocks` of the enclosing block (always earlier), null at the top. */
  parent: number | null;
  order: number;
  values: BlockValues;
  /** A saved block that stays as it is (same values, parent and order). */
  unchanged: boolean;
  /** Where the block stands in the body, for messages: "blocks.1.blocks.0". */
  path: string;
}

interface PlannedCriterion {
  /** The saved criterion to update, or null to create one. */
  id: number | null;
  /** Index in `TreePlan.blocks` of the criterion's block. */
  block: number;
  order: number;
  values: CriterionValues;
  unchanged: boolean;
  path: string;
}

/** An item left out because it has no id (spec section 5: skipped and logged as an error). */
export interface SkippedItem {
  kind: 'block' | 'criterion';
  path: string;
  name: string;
}

export interface TreePlan {
  /** Parents before their nested blocks. */
  blocks: PlannedBlock[];
  criteria: PlannedCriterion[];
  deletedBlockIds: number[];
  deletedCriterionIds: number[];
  skipped: SkippedItem[];
}

export type TreePlanResult = { ok: true; plan: TreePlan } | { ok: false; errors: RuleErrors };

const pick = <T, K extends keyof T>(source: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;

/** `base` with the fields `given` has (undefined = not given; null is a value). */
function merged<T extends object>(base: T, keys: readonly (keyof T)[], given: object): T {
  const result = { ...base };
  const values = given as Partial<T>;
  for (const key of keys) if (values[key] !== undefined) result[key] = values[key] as T[keyof T];
  return result;
}

/** Equal JSON values, whatever the order of object keys (jsonb does not keep it). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length && keys.every((key) => same(left[key], right[key]))
  );
}

/** The saved block id a parent stands for: undefined while that parent is still to be created. */
type SavedParent = number | null | undefined;

/** The plan for saving `tree` over the `saved` items of the same template, or the errors. */
export function planTreeSave(
  tree: readonly TreeBlockInput[],
  saved: { blocks: readonly SavedBlock[]; criteria: readonly SavedCriterion[] },
): TreePlanResult {
  const savedBlocks = new Map(saved.blocks.map((block) => [block.id, block]));
  const savedCriteria = new Map(saved.criteria.map((criterion) => [criterion.id, criterion]));
  const seenBlocks = new Set<number>();
  const seenCriteria = new Set<number>();
  const errors: RuleErrors = {};
  const fail = (path: string, key: string) => (errors[path] ??= []).push({ key });
  const plan: TreePlan = {
    blocks: [],
    criteria: [],
    deletedBlockIds: [],
    deletedCriterionIds: [],
    skipped: [],
  };

  /** The saved item an id names, null for a new one, undefined when the id is refused. */
  function resolve<S>(
    id: number | string,
    path: string,
    found: Map<number, S>,
    seen: Set<number>,
  ): S | null | undefined {
    if (typeof id === 'string') return null;
    const item = found.get(id);
    if (item === undefined) fail(`${path}.id`, 'treeItemNotInTemplate');
    else if (seen.has(id)) fail(`${path}.id`, 'treeItemTwice');
    else {
      seen.add(id);
      return item;
    }
    return undefined;
  }

  function walkCriteria(
    criteria: readonly TreeCriterionInput[],
    blockIndex: number,
    blockSavedId: SavedParent,
    path: string,
  ) {
    criteria.forEach((criterion, order) => {
      const at = `${path}.${order}`;
      if (criterion.id === undefined || criterion.id === null) {
        plan.skipped.push({ kind: 'criterion', path: at, name: criterion.name });
        return;
      }
      const found = resolve(criterion.id, at, savedCriteria, seenCriteria);
      if (found === undefined) return;
      const base = found ? pick(found, CRITERION_KEYS) : { ...NEW_CRITERION, name: criterion.name };
      const withPreset = criterion.preset ? { ...base, ...presetFields(criterion.preset) } : base;
      const values = merged(withPreset, CRITERION_KEYS, criterion);
      for (const [field, list] of Object.entries(criterionTemplateErrors(values)))
        errors[`${at}.${field}`] = list;
      plan.criteria.push({
        id: found?.id ?? null,
        block: blockIndex,
        order,
        values,
        unchanged:
          found !== null &&
          found.block === blockSavedId &&
          found.order === order &&
          same(pick(found, CRITERION_KEYS), values),
        path: at,
      });
    });
  }

  function walkBlocks(
    blocks: readonly TreeBlockInput[],
    parent: number | null,
    parentSavedId: SavedParent,
    path: string,
  ) {
    blocks.forEach((block, order) => {
      const at = `${path}.${order}`;
      if (block.id === undefined || block.id === null) {
        plan.skipped.push({ kind: 'block', path: at, name: block.name });
        return;
      }
      const found = resolve(block.id, at, savedBlocks, seenBlocks);
      if (found === undefined) return;
      const criteria = block.criteria ?? [];
      const nested = block.blocks ?? [];
      if (criteria.length > 0 && nested.length > 0) fail(`${at}.criteria`, 'blockHoldsBlocks');
      const base = found ? pick(found, BLOCK_KEYS) : { ...NEW_BLOCK, name: block.name };
      const values = forceCoefficient(merged(base, BLOCK_KEYS, block));
      const index =
        plan.blocks.push({
          id: found?.id ?? null,
          parent,
          order,
          values,
          unchanged:
            found !== null &&
            found.parent === parentSavedId &&
            found.order === order &&
            same(pick(found, BLOCK_KEYS), values),
          path: at,
        }) - 1;
      const savedId = found ? found.id : undefined;
      walkCriteria(criteria, index, savedId, `${at}.criteria`);
      walkBlocks(nested, index, savedId, `${at}.blocks`);
    });
  }

  walkBlocks(tree, null, null, 'blocks');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  plan.deletedBlockIds = saved.blocks.map((b) => b.id).filter((id) => !seenBlocks.has(id));
  plan.deletedCriterionIds = saved.criteria.map((c) => c.id).filter((id) => !seenCriteria.has(id));
  return { ok: true, plan };
}
