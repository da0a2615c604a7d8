import { describe, expect, it, vi } from 'vitest';
import {
  blocksFromJson,
  itemKey,
  localTreeErrors,
  newBlock,
  newCriterion,
  treeReducer,
  type EditorBlock,
} from './editor-tree.ts';
import { previewGrades } from './preview-grading.ts';
import { routeErrors, treeBody } from './save-template.ts';

const named = <T extends { name: string }>(item: T, name: string): T => ({ ...item, name });

function sample(): EditorBlock[] {
  const safety = named(newBlock(), 'Sécurité');
  safety.criteria = ['A', 'B', 'C'].map((n) => named(newCriterion('EVALUATION'), n));
  const practice = named(newBlock(), 'Pratique');
  practice.blocks = [named(newBlock(), 'Soudure'), named(newBlock(), 'Montage')];
  return [safety, practice];
}

const names = (list: readonly { name: string }[]) => list.map((item) => item.name);

describe('treeReducer', () => {
  it('gives new items temp ids and fills criteria from their preset', () => {
    const criterion = newCriterion('GRADE');
    expect(criterion.id).toMatch(/^temp-/);
    expect(criterion.grade).toEqual({ min: '1', max: '6', step: '0.5', weight: '1' });
    expect(criterion.points).toBe('2');
  });

  it('moves an item among its siblings only', () => {
    const tree = sample();
    const c = itemKey(tree[0]!.criteria[2]!);
    const moved = treeReducer(tree, { type: 'move', key: c, to: 0 });
    expect(names(moved[0]!.criteria)).toEqual(['C', 'A', 'B']);
    expect(moved[1]).toBe(tree[1]); // the other block is kept as it was
    const nested = treeReducer(tree, {
      type: 'move',
      key: itemKey(tree[1]!.blocks[1]!),
      to: 0,
    });
    expect(names(nested[1]!.blocks)).toEqual(['Montage', 'Soudure']);
    expect(names(treeReducer(tree, { type: 'move', key: itemKey(tree[1]!), to: 0 }))).toEqual([
      'Pratique',
      'Sécurité',
    ]);
  });

  it('never lets a block hold criteria and nested blocks', () => {
    const tree = sample();
    const withBlock = treeReducer(tree, {
      type: 'addBlock',
      parent: itemKey(tree[0]!),
      block: newBlock(),
    });
    expect(withBlock[0]!.blocks).toHaveLength(0);
    const withCriterion = treeReducer(tree, {
      type: 'addCriterion',
      parent: itemKey(tree[1]!),
      criterion: newCriterion('TEXT_ONLY'),
    });
    expect(withCriterion[1]!.criteria).toHaveLength(0);
  });

  it('forces the coefficient to "0" when a block leaves the export (spec section 5)', () => {
    const tree = sample();
    const out = treeReducer(tree, {
      type: 'updateBlock',
      key: itemKey(tree[1]!.blocks[0]!),
      patch: { should_include_in_export: false },
    });
    expect(out[1]!.blocks[0]!.coefficient).toBe('0');
  });

  it('updates and removes nested items', () => {
    const tree = sample();
    const key = itemKey(tree[0]!.criteria[1]!);
    const renamed = treeReducer(tree, { type: 'updateCriterion', key, patch: { name: 'Bis' } });
    expect(names(renamed[0]!.criteria)).toEqual(['A', 'Bis', 'C']);
    const removed = treeReducer(tree, { type: 'remove', key: itemKey(tree[1]!.blocks[0]!) });
    expect(names(removed[1]!.blocks)).toEqual(['Montage']);
  });

  it('asks a name of every item', () => {
    const tree = sample();
    tree[1]!.blocks[0]!.name = ' ';
    expect(localTreeErrors(tree, 'required')).toEqual({
      [itemKey(tree[1]!.blocks[0]!)]: { name: 'required' },
    });
  });
});

describe('treeBody and routeErrors', () => {
  it('sends the tree in order, skips and logs a child without id', () => {
    const tree = sample();
    const lost = { ...tree[0]!.criteria[1]!, id: undefined as unknown as string };
    tree[0]!.criteria[1] = lost;
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const body = treeBody(tree, logger);
    expect(body.skipped).toBe(1);
    expect(logger.error).toHaveBeenCalledOnce();
    expect(names(body.blocks[0]!.criteria)).toEqual(['A', 'C']);
    expect(body.blocks[0]!).not.toHaveProperty('kind');
    expect(body.paths.get('blocks.0.criteria.1')).toBe(itemKey(tree[0]!.criteria[2]!));
  });

  it('puts each refusal next to the item and field it concerns', () => {
    const tree = sample();
    const { paths } = treeBody(tree, { info() {}, warn() {}, error() {} });
    const routed = routeErrors(
      {
        'blocks.0.criteria.2.name': ['Nom obligatoire'],
        'blocks.1.blocks.1.coefficient': ['Nombre'],
        'blocks.1.criteria': ['Pas les deux'],
        'template.template_name': ['Déjà pris'],
        non_field_errors: ['Autre'],
      },
      paths,
      ['template_name'],
    );
    expect(routed.items[itemKey(tree[0]!.criteria[2]!)]).toEqual({ name: 'Nom obligatoire' });
    expect(routed.items[itemKey(tree[1]!.blocks[1]!)]).toEqual({ coefficient: 'Nombre' });
    expect(routed.items[itemKey(tree[1]!)]).toEqual({ criteria: 'Pas les deux' });
    expect(routed.fields).toEqual({ template_name: 'Déjà pris' });
    expect(routed.rest).toEqual(['Autre']);
  });
});

describe('previewGrades', () => {
  it('grades domain.md worked example 1 with the engine: 3.7', () => {
    const tree = sample();
    const [a, b, c] = tree[0]!.criteria.map(itemKey);
    const grades = previewGrades(
      tree,
      { graded: true, rounding_formula: 'TENTH' },
      {
        [a!]: { evaluation: 'GOOD' },
        [b!]: { evaluation: 'SUFFICIENT' },
        [c!]: { evaluation: 'INSUFFICIENT' },
      },
    );
    const step = grades.blockStep(itemKey(tree[0]!))!;
    expect(step.result).toBe('3.7');
    expect([step.points, step.max_points, step.unrounded]).toEqual(['3.2', '6', '3.6667']);
    expect(grades.moduleStep?.result).toBe('3.7');
  });

  it('reads a saved tree', () => {
    const blocks = blocksFromJson([
      {
        id: 4,
        order: 0,
        name: 'B',
        reference: 'R1',
        reference_color: '#FF9800',
        should_include_in_export: true,
        is_one_line: true,
        grading_formula: 'AVERAGE',
        coefficient: '1',
        blocks: [],
        criteria: [],
      },
    ]);
    expect(itemKey(blocks[0]!)).toBe('b:4');
    expect(blocks[0]!.is_one_line).toBe(true);
  });
});
