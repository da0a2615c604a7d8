import { describe, expect, it } from 'vitest';
import { computeGrades, criterionResult } from './grading.ts';
import { formatDecimal } from './decimal.ts';
import {
  blockDef,
  criterionDef,
  evaluationOf,
  gradeCriterion,
  treeOf,
} from './grading-fixtures.ts';
import type { BlockStep, ModuleStep } from './grading-steps.ts';

const fineGrade = (id: number) =>
  gradeCriterion(id, '1', { grade: { min: '1', max: '6', step: '0.1', weight: '1' } });

describe('the five worked examples of domain.md', () => {
  it('1. OVER_FIVE_PLUS_ONE_ROUND, GOOD, SUFFICIENT, INSUFFICIENT of 2 points → 3.7', () => {
    const block = blockDef(1, 'OVER_FIVE_PLUS_ONE_ROUND', {
      criteria: [1, 2, 3].map((id) => criterionDef(id, 'EVALUATION')),
    });
    const result = computeGrades(treeOf([block]), [
      evaluationOf(1, { evaluation: 'GOOD' }),
      evaluationOf(2, { evaluation: 'SUFFICIENT' }),
      evaluationOf(3, { evaluation: 'INSUFFICIENT' }),
    ]);
    expect(result.blocks[1]).toBe('3.7');
    const step = result.steps[0] as BlockStep;
    expect(step).toMatchObject({ points: '3.2', max_points: '6', unrounded: '3.6667' });
  });

  it('2. AVERAGE, grades 4.5 (weight 1) and 5.5 (weight 2) → 5.2', () => {
    const block = blockDef(1, 'AVERAGE', {
      criteria: [gradeCriterion(1, '1'), gradeCriterion(2, '2')],
    });
    const result = computeGrades(treeOf([block]), [
      evaluationOf(1, { grade: '4.5' }),
      evaluationOf(2, { grade: '5.5' }),
    ]);
    expect(result.blocks[1]).toBe('5.2');
    expect((result.steps[0] as BlockStep).unrounded).toBe('5.1667');
  });

  it('3. AVERAGE_ROUND_HALF, grades 4 and 4.5 → 4.25 → 4.5', () => {
    const block = blockDef(1, 'AVERAGE_ROUND_HALF', {
      criteria: [gradeCriterion(1), gradeCriterion(2)],
    });
    const result = computeGrades(treeOf([block]), [
      evaluationOf(1, { grade: '4' }),
      evaluationOf(2, { grade: '4.5' }),
    ]);
    expect(result.blocks[1]).toBe('4.5');
    expect((result.steps[0] as BlockStep).unrounded).toBe('4.25');
  });

  it('4. module HALF, blocks 4.2 and 5.0 with coefficient 1 → 4.6 → 4.5', () => {
    const blocks = [
      blockDef(1, 'AVERAGE', { criteria: [fineGrade(1)] }),
      blockDef(2, 'AVERAGE', { criteria: [fineGrade(2)] }),
    ];
    const result = computeGrades(treeOf(blocks, 'HALF'), [
      evaluationOf(1, { grade: '4.2' }),
      evaluationOf(2, { grade: '5' }),
    ]);
    expect(result.blocks).toEqual({ 1: '4.2', 2: '5.0' });
    expect(result.module).toBe('4.5');
    const step = result.steps.at(-1) as ModuleStep;
    expect(step).toMatchObject({ kind: 'module', unrounded: '4.6', rounding_step: '0.5' });
  });

  it('5. module INTEGER, block 4.5 with coefficient 1 → 5', () => {
    const block = blockDef(1, 'AVERAGE', { criteria: [gradeCriterion(1)] });
    const result = computeGrades(treeOf([block], 'INTEGER'), [evaluationOf(1, { grade: '4.5' })]);
    expect(result.blocks[1]).toBe('4.5');
    expect(result.module).toBe('5');
  });
});

describe('criterion scores', () => {
  it.each([
    ['EVALUATION', { evaluation: 'GOOD' }, '1', '6', '2'],
    ['EVALUATION', { evaluation: 'SUFFICIENT' }, '0.6', '4', '1.2'],
    ['EVALUATION', { evaluation: 'INSUFFICIENT' }, '0', '1', '0'],
    ['LETTER', { letter: 'A' }, '1', '6', '2'],
    ['LETTER', { letter: 'B' }, '0.8', '5', '1.6'],
    ['LETTER', { letter: 'E' }, '0.2', '2', '0.4'],
    ['LETTER', { letter: 'F' }, '0', '1', '0'],
    ['GRADE', { grade: '4.5' }, '0.7', '4.5', '1.4'],
    ['GRADE', { grade: '1' }, '0', '1', '0'],
    ['GRADE_WITH_PROGRESSION', { grade: '6', progression: ['OBSERVED'] }, '1', '6', '2'],
  ] as const)('%s %j: fraction %s, score %s, points %s', (preset, values, f, score, points) => {
    const result = criterionResult(criterionDef(1, preset), evaluationOf(1, values));
    expect(result && formatDecimal(result.fraction)).toBe(f);
    expect(result && formatDecimal(result.score)).toBe(score);
    expect(result && formatDecimal(result.points)).toBe(points);
  });

  it('scores a grade on another scale by its place between min and max', () => {
    const criterion = gradeCriterion(1, '1', {
      grade: { min: '0', max: '10', step: '1', weight: '1' },
      points: '4',
    });
    const result = criterionResult(criterion, evaluationOf(1, { grade: '7' }))!;
    expect(formatDecimal(result.score)).toBe('4.5');
    expect(formatDecimal(result.points)).toBe('2.8');
  });

  it('lets the grade drive a criterion that also has an evaluation level', () => {
    const criterion = gradeCriterion(1, '1', { has_evaluation: true });
    const graded = criterionResult(criterion, evaluationOf(1, { grade: '5', evaluation: 'GOOD' }));
    expect(graded && formatDecimal(graded.score)).toBe('5');
    expect(criterionResult(criterion, evaluationOf(1, { evaluation: 'GOOD' }))).toBeNull();
  });

  it.each(['TEXT_ONLY', 'PROGRESSION', 'PROGRESSION_WITH_TEXT', 'INSTRUCTED'] as const)(
    '%s has no score',
    (preset) => {
      const values = {
        text: 'ok',
        progression: ['INSTRUCTED' as const],
        evaluation: 'GOOD' as const,
      };
      expect(criterionResult(criterionDef(1, preset), evaluationOf(1, values))).toBeNull();
    },
  );
});

describe('block grades', () => {
  it('leave unevaluated and text-only criteria out', () => {
    const block = blockDef(1, 'OVER_FIVE_PLUS_ONE_ROUND', {
      criteria: [
        criterionDef(1, 'EVALUATION'),
        criterionDef(2, 'EVALUATION'),
        criterionDef(3, 'TEXT_ONLY'),
      ],
    });
    const result = computeGrades(treeOf([block]), [
      evaluationOf(1, { evaluation: 'SUFFICIENT' }),
      evaluationOf(3, { text: 'Très bien' }),
    ]);
    expect(result.blocks[1]).toBe('4.0');
    const inputs = (result.steps[0] as BlockStep).inputs.map((input) => input.left_out);
    expect(inputs).toEqual([null, 'NOT_EVALUATED', 'NO_SCORE']);
  });

  it('are null while nothing is evaluated, and the module with them', () => {
    const block = blockDef(1, 'AVERAGE', { criteria: [gradeCriterion(1)] });
    const result = computeGrades(treeOf([block]), []);
    expect(result).toMatchObject({ blocks: { 1: null }, module: null });
    expect((result.steps[1] as ModuleStep).inputs[0]!.left_out).toBe('NO_GRADE');
  });

  it('weight nested blocks by coefficient in AVERAGE', () => {
    const parent = blockDef(10, 'AVERAGE', {
      blocks: [
        blockDef(1, 'AVERAGE', { criteria: [gradeCriterion(1)] }, { coefficient: '1' }),
        blockDef(2, 'AVERAGE', { criteria: [gradeCriterion(2)] }, { coefficient: '3' }),
      ],
    });
    const result = computeGrades(treeOf([parent]), [
      evaluationOf(1, { grade: '4' }),
      evaluationOf(2, { grade: '6' }),
    ]);
    expect(result.blocks).toEqual({ 1: '4.0', 2: '6.0', 10: '5.5' });
  });

  it('pool the points of all nested criteria in OVER_FIVE_PLUS_ONE_ROUND', () => {
    const parent = blockDef(10, 'OVER_FIVE_PLUS_ONE_ROUND', {
      blocks: [
        blockDef(1, 'AVERAGE', { criteria: [criterionDef(1, 'EVALUATION')] }, { coefficient: '5' }),
        blockDef(2, 'OVER_FIVE_PLUS_ONE_ROUND', {
          criteria: [criterionDef(2, 'EVALUATION', { points: '4' }), criterionDef(3, 'LETTER')],
        }),
      ],
    });
    const result = computeGrades(treeOf([parent]), [
      evaluationOf(1, { evaluation: 'GOOD' }),
      evaluationOf(2, { evaluation: 'INSUFFICIENT' }),
      evaluationOf(3, { letter: 'C' }),
    ]);
    // (2 + 0 + 1.2) / (2 + 4 + 2) × 5 + 1 = 3
    expect(result.blocks[10]).toBe('3.0');
    expect(result.blocks[2]).toBe('2.0');
  });
});

it('reads decimals as the database writes them ("4.500", "1.000")', () => {
  const block = blockDef(
    1,
    'AVERAGE',
    {
      criteria: [
        gradeCriterion(1, '1.000', {
          grade: { min: '1.000', max: '6.000', step: '0.500', weight: '1.000' },
          points: '2.000',
        }),
      ],
    },
    { coefficient: '1.000' },
  );
  const result = computeGrades(treeOf([block], 'HALF'), [evaluationOf(1, { grade: '4.500' })]);
  expect(result.module).toBe('4.5');
  const [blockStep, moduleStep] = result.steps as [BlockStep, ModuleStep];
  expect(blockStep.inputs[0]).toMatchObject({ value: '4.5', weight: '1', max_points: '2' });
  expect(moduleStep.inputs[0]).toMatchObject({ coefficient: '1', grade: '4.5' });
});

describe('module grade', () => {
  const twoBlocks = (second: Partial<Parameters<typeof blockDef>[3]>) => [
    blockDef(1, 'AVERAGE', { criteria: [gradeCriterion(1)] }),
    blockDef(2, 'AVERAGE', { criteria: [gradeCriterion(2)] }, second),
  ];
  const evaluations = [evaluationOf(1, { grade: '4' }), evaluationOf(2, { grade: '6' })];

  it('weights blocks by coefficient', () => {
    expect(computeGrades(treeOf(twoBlocks({ coefficient: '3' })), evaluations).module).toBe('5.5');
  });

  it('leaves out blocks with coefficient 0 or not in export', () => {
    expect(computeGrades(treeOf(twoBlocks({ coefficient: '0' })), evaluations).module).toBe('4.0');
    const notExported = computeGrades(
      treeOf(twoBlocks({ should_include_in_export: false, coefficient: '2' })),
      evaluations,
    );
    expect(notExported.module).toBe('4.0');
    expect((notExported.steps.at(-1) as ModuleStep).inputs[1]!.left_out).toBe('NOT_IN_EXPORT');
  });

  it('is null for ungraded templates, which still get block grades', () => {
    const result = computeGrades(treeOf(twoBlocks({}), 'TENTH', false), evaluations);
    expect(result).toMatchObject({ module: null, blocks: { 1: '4.0', 2: '6.0' } });
    expect(result.steps.every((step) => step.kind === 'block')).toBe(true);
  });

  it.each([
    ['TENTH', '4.8'],
    ['HALF', '5.0'],
    ['INTEGER', '5'],
  ] as const)('rounds by %s', (rounding, expected) => {
    const blocks = [
      blockDef(1, 'AVERAGE', { criteria: [gradeCriterion(1)] }, { coefficient: '2' }),
      blockDef(2, 'AVERAGE', { criteria: [gradeCriterion(2)] }, { coefficient: '3' }),
    ];
    // (2 × 4.5 + 3 × 5) / 5 = 4.8
    const result = computeGrades(treeOf(blocks, rounding), [
      evaluationOf(1, { grade: '4.5' }),
      evaluationOf(2, { grade: '5' }),
    ]);
    expect(result.module).toBe(expected);
  });
});
