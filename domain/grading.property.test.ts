import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EVALUATION_LEVELS,
  GRADING_FORMULAS,
  LETTERS,
  ROUNDING_FORMULAS,
  type GradingFormula,
  type RoundingFormula,
} from './constants.ts';
import { add, compare, formatDecimal, isOnStep, mul, parseDecimal, rational } from './decimal.ts';
import {
  computeGrades,
  criterionResult,
  gradesOf,
  GRADING_FORMULA_STEPS,
  ROUNDING_STEPS,
  type BlockDef,
  type CriterionDef,
  type CriterionEvaluationInput,
  type GradingResult,
} from './grading.ts';
import { blockDef, criterionDef, evaluationOf, treeOf } from './grading-fixtures.ts';

/** A criterion and the values its scale offers, worst first. */
interface Scored {
  def: CriterionDef;
  values: readonly Partial<CriterionEvaluationInput>[];
}

const gradeScales = [
  { min: '1', max: '6', step: '0.5' },
  { min: '1', max: '6', step: '0.1' },
  { min: '0', max: '10', step: '1' },
  { min: '1', max: '6', step: '0.25' },
];

function gradeValues(scale: { min: string; max: string; step: string }) {
  const values: { grade: string }[] = [];
  for (
    let g = parseDecimal(scale.min);
    compare(g, scale.max) <= 0;
    g = add(g, parseDecimal(scale.step))
  ) {
    values.push({ grade: formatDecimal(g) });
  }
  return values;
}

const scoredCriterion = (id: number): fc.Arbitrary<Scored> =>
  fc.oneof(
    fc
      .constantFrom(
        'EVALUATION',
        'OBSERVED_WITH_EVALUATION',
        'TAUGHT_AND_PRACTICED_WITH_EVALUATION' as const,
      )
      .map((preset) => ({
        def: criterionDef(id, preset),
        values: [...EVALUATION_LEVELS].reverse().map((evaluation) => ({ evaluation })),
      })),
    fc.constant({
      def: criterionDef(id, 'LETTER'),
      values: [...LETTERS].reverse().map((letter) => ({ letter })),
    }),
    fc
      .record({
        scale: fc.constantFrom(...gradeScales),
        weight: fc.constantFrom('0', '0.5', '1', '2', '3'),
        points: fc.constantFrom('0', '1', '2', '2.5', '10'),
      })
      .map(({ scale, weight, points }) => ({
        def: criterionDef(id, 'GRADE_WITH_PROGRESSION', { grade: { ...scale, weight }, points }),
        values: gradeValues(scale),
      })),
    fc.constant({ def: criterionDef(id, 'TEXT_ONLY'), values: [] }),
    fc.constant({ def: criterionDef(id, 'PROGRESSION'), values: [] }),
  );

interface Case {
  blocks: BlockDef[];
  criteria: Scored[];
  /** Per criterion: index into its values, or null when unevaluated. */
  levels: (number | null)[];
}

const coefficient = fc.constantFrom('0', '0.5', '1', '2', '3');

/** A tree of 1–3 top-level blocks, each with 1–4 criteria or 1–3 nested blocks of criteria. */
function caseOf(formula: GradingFormula): fc.Arbitrary<Case> {
  const leafBlock = fc
    .record({
      scored: fc.array(fc.integer(), { minLength: 1, maxLength: 4 }),
      coefficient,
      exported: fc.boolean(),
    })
    .chain(({ scored, coefficient, exported }) =>
      fc
        .tuple(...scored.map(() => scoredCriterion(0)))
        .map((list) => ({ list, coefficient, exported })),
    );
  const topBlock = fc.oneof(
    leafBlock.map((leaf) => ({ leaves: [leaf], nested: false })),
    fc.array(leafBlock, { minLength: 1, maxLength: 3 }).map((leaves) => ({ leaves, nested: true })),
  );
  return fc
    .array(fc.tuple(topBlock, coefficient, fc.boolean()), { minLength: 1, maxLength: 3 })
    .chain((tops) => {
      const criteria: Scored[] = [];
      let nextId = 1;
      const build = (leaf: { list: Scored[]; coefficient: string; exported: boolean }) =>
        blockDef(
          nextId++,
          formula,
          {
            criteria: leaf.list.map((scored) => {
              const def = { ...scored.def, id: nextId++ };
              criteria.push({ def, values: scored.values });
              return def;
            }),
          },
          {
            coefficient: leaf.exported ? leaf.coefficient : '0',
            should_include_in_export: leaf.exported,
          },
        );
      const blocks = tops.map(([top, coef, exported]) =>
        top.nested
          ? blockDef(
              nextId++,
              formula,
              { blocks: top.leaves.map(build) },
              {
                coefficient: exported ? coef : '0',
                should_include_in_export: exported,
              },
            )
          : build(top.leaves[0]!),
      );
      const levels = fc.tuple(
        ...criteria.map((c) =>
          c.values.length ? fc.option(fc.nat({ max: c.values.length - 1 })) : fc.constant(null),
        ),
      );
      return levels.map((lv) => ({ blocks, criteria, levels: lv }));
    });
}

function evaluationsOf(testCase: Case, levels = testCase.levels): CriterionEvaluationInput[] {
  return testCase.criteria.flatMap((c, index) => {
    const level = levels[index];
    return level == null ? [] : [evaluationOf(c.def.id, c.values[level]!)];
  });
}

function allBlocks(blocks: BlockDef[]): BlockDef[] {
  return blocks.flatMap((block) => [block, ...allBlocks(block.blocks)]);
}

function expectGradesValid(testCase: Case, result: GradingResult, rounding: RoundingFormula) {
  const grades = allBlocks(testCase.blocks).map((block) => ({
    grade: result.blocks[block.id],
    step: GRADING_FORMULA_STEPS[block.grading_formula],
  }));
  grades.push({ grade: result.module, step: ROUNDING_STEPS[rounding] });
  for (const { grade, step } of grades) {
    expect(grade).not.toBeUndefined();
    if (grade == null) continue;
    expect(compare(grade, '1')).toBeGreaterThanOrEqual(0);
    expect(compare(grade, '6')).toBeLessThanOrEqual(0);
    expect(isOnStep(grade, step)).toBe(true);
  }
}

const notLower = (before: string | null | undefined, after: string | null | undefined) =>
  before == null || after == null || compare(after, before) >= 0;

describe.each(GRADING_FORMULAS)('%s blocks', (formula) => {
  it.each(ROUNDING_FORMULAS)('give grades within 1..6 on their grid (module %s)', (rounding) => {
    fc.assert(
      fc.property(caseOf(formula), (testCase) => {
        const result = computeGrades(treeOf(testCase.blocks, rounding), evaluationsOf(testCase));
        expectGradesValid(testCase, result, rounding);
      }),
    );
  });

  it.each(ROUNDING_FORMULAS)(
    'are the same grades and points without their explanation, as the server stores them (module %s)',
    (rounding) => {
      fc.assert(
        fc.property(caseOf(formula), (testCase) => {
          const tree = treeOf(testCase.blocks, rounding);
          const evaluations = evaluationsOf(testCase);
          const { blocks, module } = computeGrades(tree, evaluations);
          const graded = gradesOf(tree, evaluations);
          expect({ blocks: graded.blocks, module: graded.module }).toEqual({ blocks, module });
          for (const { def } of testCase.criteria) {
            const input = evaluations.find((e) => e.criterion === def.id);
            expect(graded.points.get(def.id)).toEqual(criterionResult(def, input)?.points);
          }
        }),
      );
    },
  );

  it.each(ROUNDING_FORMULAS)('never fall when one criterion improves (module %s)', (rounding) => {
    const withImprovement = fc.record({
      testCase: caseOf(formula),
      pick: fc.nat(),
      step: fc.nat(),
    });
    fc.assert(
      fc.property(withImprovement, ({ testCase, pick, step }) => {
        const improvable = testCase.levels.flatMap((level, i) =>
          level != null && level < testCase.criteria[i]!.values.length - 1 ? [i] : [],
        );
        fc.pre(improvable.length > 0);
        const index = improvable[pick % improvable.length]!;
        const current = testCase.levels[index]!;
        const better =
          current + 1 + (step % (testCase.criteria[index]!.values.length - 1 - current));
        const tree = treeOf(testCase.blocks, rounding);
        const before = computeGrades(tree, evaluationsOf(testCase));
        const levels = testCase.levels.map((level, i) => (i === index ? better : level));
        const after = computeGrades(tree, evaluationsOf(testCase, levels));
        for (const block of allBlocks(testCase.blocks)) {
          expect(notLower(before.blocks[block.id], after.blocks[block.id])).toBe(true);
        }
        expect(notLower(before.module, after.module)).toBe(true);
      }),
    );
  });
});

it('uses no binary floats: a thousand tenths add up exactly', () => {
  const block = blockDef(1, 'AVERAGE', {
    criteria: Array.from({ length: 1000 }, (_, i) =>
      criterionDef(i + 1, 'GRADE', { grade: { min: '1', max: '6', step: '0.1', weight: '0.1' } }),
    ),
  });
  const evaluations = block.criteria.map((c, i) =>
    evaluationOf(c.id, { grade: i % 2 ? '4.3' : '4.2' }),
  );
  // mean 4.25 exactly, to the tenth 4.3 (a float sum would give 4.2499…)
  expect(computeGrades(treeOf([block]), evaluations).blocks[1]).toBe('4.3');
  expect(formatDecimal(mul(rational(1n, 10n), rational(3n)))).toBe('0.3');
});
