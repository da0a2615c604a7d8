import { describe, expect, it } from 'vitest';
import { presetFields } from './criterion-presets.ts';
import { templateTreeSaveSchema, type TreeBlockInput } from './schemas/template-tree.ts';
import {
  NEW_BLOCK,
  NEW_CRITERION,
  planTreeSave,
  type SavedBlock,
  type SavedCriterion,
  type TreePlan,
} from './template-tree-save.ts';

const savedBlock = (id: number, overrides: Partial<SavedBlock> = {}): SavedBlock => ({
  ...NEW_BLOCK,
  id,
  name: `Bloc ${id}`,
  parent: null,
  order: 0,
  ...overrides,
});

const savedCriterion = (
  id: number,
  block: number,
  overrides: Partial<SavedCriterion> = {},
): SavedCriterion => ({
  ...NEW_CRITERION,
  id,
  block,
  name: `Critère ${id}`,
  order: 0,
  ...overrides,
});

/** The tree as the web sends it, read by the body schema (as the server does). */
const parse = (blocks: unknown[]): TreeBlockInput[] =>
  templateTreeSaveSchema.parse({ blocks }).blocks;

function plan(
  blocks: unknown[],
  saved: { blocks: SavedBlock[]; criteria: SavedCriterion[] } = { blocks: [], criteria: [] },
): TreePlan {
  const result = planTreeSave(parse(blocks), saved);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.plan;
}

function errorsOf(
  blocks: unknown[],
  saved: { blocks: SavedBlock[]; criteria: SavedCriterion[] } = { blocks: [], criteria: [] },
) {
  const result = planTreeSave(parse(blocks), saved);
  return result.ok ? {} : result.errors;
}

describe('planTreeSave', () => {
  it('creates items whose id contains "temp", with the defaults of a new item', () => {
    const result = plan([
      { id: 'temp-1', name: 'Sécurité', criteria: [{ id: 'temp-2', name: 'Porte les EPI' }] },
    ]);
    expect(result.blocks).toEqual([
      {
        id: null,
        parent: null,
        order: 0,
        values: { ...NEW_BLOCK, name: 'Sécurité' },
        unchanged: false,
        path: 'blocks.0',
      },
    ]);
    expect(result.criteria).toEqual([
      {
        id: null,
        block: 0,
        order: 0,
        values: { ...NEW_CRITERION, name: 'Porte les EPI' },
        unchanged: false,
        path: 'blocks.0.criteria.0',
      },
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('updates items named by a numeric id, keeping the fields the tree leaves out', () => {
    const saved = {
      blocks: [savedBlock(7, { reference: 'A1', coefficient: '2' })],
      criteria: [savedCriterion(9, 7, { description: 'Tenue', points: '3' })],
    };
    const result = plan([{ id: 7, name: 'Renommé', criteria: [{ id: 9, name: 'C' }] }], saved);
    expect(result.blocks[0]).toMatchObject({
      id: 7,
      values: { name: 'Renommé', reference: 'A1', coefficient: '2' },
      unchanged: false,
    });
    expect(result.criteria[0]).toMatchObject({
      id: 9,
      block: 0,
      values: { name: 'C', description: 'Tenue', points: '3' },
    });
  });

  it('marks as unchanged what keeps its values, parent and order', () => {
    const saved = {
      blocks: [savedBlock(1), savedBlock(2, { parent: 1 })],
      criteria: [savedCriterion(3, 2)],
    };
    const same = plan(
      [
        {
          id: 1,
          name: 'Bloc 1',
          blocks: [{ id: 2, name: 'Bloc 2', criteria: [{ id: 3, name: 'Critère 3' }] }],
        },
      ],
      saved,
    );
    expect(same.blocks.map((b) => b.unchanged)).toEqual([true, true]);
    expect(same.criteria[0]!.unchanged).toBe(true);
    expect(same.deletedBlockIds).toEqual([]);

    const moved = plan(
      [
        { id: 2, name: 'Bloc 2', criteria: [{ id: 3, name: 'Critère 3' }] },
        { id: 1, name: 'Bloc 1' },
      ],
      saved,
    );
    expect(moved.blocks.map((b) => [b.id, b.parent, b.order, b.unchanged])).toEqual([
      [2, null, 0, false],
      [1, null, 1, false],
    ]);
    expect(moved.criteria[0]!.unchanged).toBe(true);
  });

  it('places a saved item under a new block: not unchanged', () => {
    const saved = { blocks: [savedBlock(1)], criteria: [] };
    const result = plan(
      [{ id: 'temp-a', name: 'Nouveau', blocks: [{ id: 1, name: 'Bloc 1' }] }],
      saved,
    );
    expect(result.blocks.map((b) => [b.id, b.parent, b.unchanged])).toEqual([
      [null, null, false],
      [1, 0, false],
    ]);
  });

  it('orders by position in each array and links each item to its enclosing block', () => {
    const result = plan([
      {
        id: 'temp-1',
        name: 'A',
        criteria: [
          { id: 'temp-c1', name: 'a1' },
          { id: 'temp-c2', name: 'a2' },
        ],
      },
      {
        id: 'temp-2',
        name: 'B',
        blocks: [
          { id: 'temp-3', name: 'B1', criteria: [{ id: 'temp-c3', name: 'b1' }] },
          { id: 'temp-4', name: 'B2' },
        ],
      },
    ]);
    expect(result.blocks.map((b) => [b.values.name, b.parent, b.order])).toEqual([
      ['A', null, 0],
      ['B', null, 1],
      ['B1', 1, 0],
      ['B2', 1, 1],
    ]);
    expect(result.criteria.map((c) => [c.values.name, c.block, c.order])).toEqual([
      ['a1', 0, 0],
      ['a2', 0, 1],
      ['b1', 2, 0],
    ]);
  });

  it('skips and reports a child without id, with what it holds; its siblings keep their place', () => {
    const result = plan([
      { name: 'Sans id', criteria: [{ id: 'temp-x', name: 'perdu' }] },
      {
        id: 'temp-1',
        name: 'Gardé',
        criteria: [
          { name: 'sans id', id: null },
          { id: 'temp-2', name: 'gardé' },
        ],
      },
    ]);
    expect(result.skipped).toEqual([
      { kind: 'block', path: 'blocks.0', name: 'Sans id' },
      { kind: 'criterion', path: 'blocks.1.criteria.0', name: 'sans id' },
    ]);
    expect(result.blocks.map((b) => [b.values.name, b.order])).toEqual([['Gardé', 1]]);
    expect(result.criteria.map((c) => [c.values.name, c.order])).toEqual([['gardé', 1]]);
  });

  it('forces the coefficient to "0" for a block left out of the export', () => {
    const created = plan([
      { id: 'temp-1', name: 'Annexe', coefficient: '3', should_include_in_export: false },
    ]);
    expect(created.blocks[0]!.values.coefficient).toBe('0');
    const saved = {
      blocks: [savedBlock(5, { should_include_in_export: false, coefficient: '0' })],
      criteria: [],
    };
    const updated = plan([{ id: 5, name: 'Bloc 5', coefficient: '2' }], saved);
    expect(updated.blocks[0]!.values).toMatchObject({
      should_include_in_export: false,
      coefficient: '0',
    });
    const included = plan(
      [{ id: 5, name: 'Bloc 5', should_include_in_export: true, coefficient: '2' }],
      saved,
    );
    expect(included.blocks[0]!.values.coefficient).toBe('2');
  });

  it('applies a criterion preset first, the fields given beside it win', () => {
    const result = plan([
      {
        id: 'temp-1',
        name: 'Bloc',
        criteria: [
          { id: 'temp-2', name: 'Note', preset: 'GRADE' },
          {
            id: 'temp-3',
            name: 'Note sur 10',
            preset: 'GRADE',
            grade: { min: 1, max: 10, step: 1, weight: 2 },
          },
        ],
      },
    ]);
    expect(result.criteria[0]!.values).toEqual({
      ...NEW_CRITERION,
      ...presetFields('GRADE'),
      name: 'Note',
    });
    expect(result.criteria[1]!.values.grade).toEqual({
      min: '1',
      max: '10',
      step: '1',
      weight: '2',
    });
  });

  it('refuses flags on a criterion whose final fields have no progression', () => {
    const saved = {
      blocks: [savedBlock(1)],
      criteria: [savedCriterion(2, 1, presetFields('PROGRESSION'))],
    };
    const criterionErrors = (criterion: Record<string, unknown>) =>
      errorsOf([{ id: 1, name: 'B', criteria: [{ id: 2, name: 'C', ...criterion }] }], saved);
    const refused = { 'blocks.0.criteria.0.flags': [{ key: 'flagsWithoutProgression' }] };
    // a preset replaces the saved flags
    expect(criterionErrors({ preset: 'EVALUATION' })).toEqual({});
    // the saved flags stay when only has_progression is turned off
    expect(criterionErrors({ has_progression: false })).toEqual(refused);
    // so do the preset's
    expect(criterionErrors({ preset: 'PROGRESSION', has_progression: false })).toEqual(refused);
    expect(criterionErrors({ has_progression: false, flags: [] })).toEqual({});
  });

  it('refuses a block holding both criteria and nested blocks', () => {
    expect(
      errorsOf([
        { id: 'temp-0', name: 'Bon' },
        {
          id: 'temp-1',
          name: 'Mélange',
          criteria: [{ id: 'temp-2', name: 'c' }],
          blocks: [{ id: 'temp-3', name: 'b' }],
        },
      ]),
    ).toEqual({ 'blocks.1.criteria': [{ key: 'blockHoldsBlocks' }] });
    expect(errorsOf([{ id: 'temp-1', name: 'Vide', criteria: [], blocks: [] }])).toEqual({});
  });

  it('refuses ids of another template, of the other kind, or named twice', () => {
    const saved = { blocks: [savedBlock(1)], criteria: [savedCriterion(2, 1)] };
    expect(
      errorsOf(
        [
          { id: 99, name: 'Étranger' },
          {
            id: 1,
            name: 'Bloc',
            criteria: [
              { id: 1, name: 'un bloc' },
              { id: 2, name: 'c' },
              { id: 2, name: 'encore' },
            ],
          },
          { id: 1, name: 'Deux fois' },
        ],
        saved,
      ),
    ).toEqual({
      'blocks.0.id': [{ key: 'treeItemNotInTemplate' }],
      'blocks.1.criteria.0.id': [{ key: 'treeItemNotInTemplate' }],
      'blocks.1.criteria.2.id': [{ key: 'treeItemTwice' }],
      'blocks.2.id': [{ key: 'treeItemTwice' }],
    });
  });

  it('deletes the saved items the tree no longer names', () => {
    const saved = {
      blocks: [savedBlock(1), savedBlock(2, { order: 1 }), savedBlock(3, { parent: 2 })],
      criteria: [savedCriterion(10, 1), savedCriterion(11, 1, { order: 1 }), savedCriterion(12, 3)],
    };
    const result = plan(
      [{ id: 1, name: 'Bloc 1', criteria: [{ id: 11, name: 'Critère 11' }] }],
      saved,
    );
    expect(result.deletedBlockIds).toEqual([2, 3]);
    expect(result.deletedCriterionIds).toEqual([10, 12]);
    expect(plan([], saved)).toMatchObject({
      deletedBlockIds: [1, 2, 3],
      deletedCriterionIds: [10, 11, 12],
    });
  });
});

describe('the tree save body', () => {
  const issuePaths = (body: unknown) => {
    const result = templateTreeSaveSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('names the field of a nested item in its path', () => {
    const paths = issuePaths({
      blocks: [
        {
          id: 'temp-1',
          name: 'B',
          blocks: [
            {
              id: 'temp-2',
              name: 'B1',
              criteria: [
                { id: 'temp-3', name: 'ok' },
                { id: 'temp-4', name: '' },
              ],
            },
          ],
        },
      ],
    });
    expect(paths.map(([path]) => path)).toEqual(['blocks.0.blocks.0.criteria.1.name']);
  });

  it('takes numbers and strings containing "temp" as ids, nothing else', () => {
    expect(
      issuePaths({ blocks: [{ id: 'temp_x', name: 'a' }, { id: 3, name: 'b' }, { name: 'c' }] }),
    ).toEqual([]);
    expect(issuePaths({ blocks: [{ id: 'new', name: 'a' }] }).map(([path]) => path)).toEqual([
      'blocks.0.id',
    ]);
    expect(issuePaths({ blocks: [{ id: -1, name: 'a' }] }).map(([path]) => path)).toEqual([
      'blocks.0.id',
    ]);
  });

  it('takes back the permissions, order and parent of the tree as it was read', () => {
    // where an item stands decides its order and parent: the planner never reads these keys
    const parsed = templateTreeSaveSchema.safeParse({
      blocks: [
        {
          id: 1,
          name: 'B',
          order: 4,
          parent: 9,
          criteria: [{ id: 2, name: 'c', permissions: { change: true, delete: true }, order: 3 }],
        },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it('requires the blocks array and checks the template fields', () => {
    expect(issuePaths({})).toEqual([['blocks', expect.any(String)]]);
    expect(
      issuePaths({ template: { template_name: '' }, version: 0, blocks: [] }).map(([p]) => p),
    ).toEqual(['template.template_name', 'version']);
  });
});
