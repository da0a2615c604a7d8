/**
 * The grading engine of domain.md "Grading", in exact decimal arithmetic. Pure: the server
 * stores what it computes, the web shows the same numbers and the explanation trail (`steps`).
 */
import {
  DEFAULT_CRITERION_POINTS,
  type EvaluationLevel,
  type GradingFormula,
  type Letter,
  type ProgressionFlag,
  type RoundingFormula,
  type Trend,
} from './constants.ts';
import {
  add,
  compare,
  div,
  formatDecimal,
  isZero,
  mul,
  normalizeDecimal,
  ONE,
  parseDecimal,
  rational,
  roundToStep,
  roundToStepRational,
  sub,
  sum,
  ZERO,
  type Rational,
} from './decimal.ts';
import type {
  BlockInput,
  BlockStep,
  CriterionInput,
  GradeStep,
  ModuleStep,
} from './grading-steps.ts';

export type * from './grading-steps.ts';

export interface GradeScale {
  min: string;
  max: string;
  step: string;
  weight: string;
}

export interface CriterionDef {
  id: number;
  has_evaluation: boolean;
  has_text_input: boolean;
  has_progression: boolean;
  flags: ProgressionFlag[];
  grade: GradeScale | null;
  letter_evaluation: { min: string; max: string } | null;
  /** Max points for the points formula; "2" when absent. */
  points?: string | null;
}

export interface BlockDef {
  id: number;
  grading_formula: GradingFormula;
  coefficient: string;
  should_include_in_export: boolean;
  criteria: CriterionDef[];
  blocks: BlockDef[];
}

export interface CriterionEvaluationInput {
  criterion: number;
  evaluation: EvaluationLevel | null;
  grade: string | null;
  letter: Letter | null;
  progression: ProgressionFlag[];
  text: string | null;
  trend: Trend | null;
}

export interface GradingTree {
  blocks: BlockDef[];
  graded: boolean;
  rounding_formula: RoundingFormula;
}

export interface GradingResult {
  /** Every block's grade (nested ones included), by block id; null when it has none. */
  blocks: Record<number, string | null>;
  /** The module grade: null for ungraded templates and while no counted block has a grade. */
  module: string | null;
  /** How each grade was computed: blocks children first, then the module. */
  steps: GradeStep[];
}

const EVALUATION_LEVEL_FRACTIONS: Readonly<Record<EvaluationLevel, string>> = {
  GOOD: '1',
  SUFFICIENT: '0.6',
  INSUFFICIENT: '0',
};

const LETTER_FRACTIONS: Readonly<Record<Letter, string>> = {
  A: '1',
  B: '0.8',
  C: '0.6',
  D: '0.4',
  E: '0.2',
  F: '0',
};

export const ROUNDING_STEPS: Readonly<Record<RoundingFormula, string>> = {
  TENTH: '0.1',
  HALF: '0.5',
  INTEGER: '1',
};

export const GRADING_FORMULA_STEPS: Readonly<Record<GradingFormula, string>> = {
  AVERAGE: '0.1',
  AVERAGE_ROUND_HALF: '0.5',
  OVER_FIVE_PLUS_ONE_ROUND: '0.1',
};

/** Digits shown for unrounded values in the explanation trail. */
const TRAIL_DIGITS = 4;
const FIVE = rational(5n);

/** What drives a criterion's score: its grade scale, else its letters, else its evaluation level. */
export type ScoreSource = 'grade' | 'letter' | 'evaluation';

export interface CriterionResult {
  source: ScoreSource;
  /** The value given: the grade, the letter or the evaluation level. */
  value: string;
  fraction: Rational;
  /** On the 1–6 scale: 1 + 5 × fraction. */
  score: Rational;
  /** fraction × max points. */
  points: Rational;
  maxPoints: Rational;
  /** grade.weight, "1" without a grade scale. */
  weight: Rational;
}

/**
 * Which scale scores a criterion. A criterion defined with a grade scale is scored by its grade
 * (an evaluation level it may also carry is then informative only), else by its letters, else by
 * its evaluation level; text-only and progression-only criteria have no score.
 */
export function scoreSourceOf(criterion: CriterionDef): ScoreSource | null {
  if (criterion.grade) return 'grade';
  if (criterion.letter_evaluation) return 'letter';
  if (criterion.has_evaluation) return 'evaluation';
  return null;
}

const clampFraction = (fraction: Rational) =>
  compare(fraction, ZERO) < 0 ? ZERO : compare(fraction, ONE) > 0 ? ONE : fraction;

function fractionOf(
  criterion: CriterionDef,
  source: ScoreSource,
  input: CriterionEvaluationInput,
): { value: string; fraction: Rational } | null {
  if (source === 'grade') {
    const scale = criterion.grade;
    if (!scale || input.grade == null) return null;
    const min = parseDecimal(scale.min);
    const range = sub(parseDecimal(scale.max), min);
    if (compare(range, ZERO) <= 0) return null;
    return {
      value: normalizeDecimal(input.grade),
      fraction: div(sub(parseDecimal(input.grade), min), range),
    };
  }
  if (source === 'letter') {
    const fraction = input.letter == null ? undefined : LETTER_FRACTIONS[input.letter];
    return fraction === undefined
      ? null
      : { value: input.letter!, fraction: parseDecimal(fraction) };
  }
  const fraction =
    input.evaluation == null ? undefined : EVALUATION_LEVEL_FRACTIONS[input.evaluation];
  return fraction === undefined
    ? null
    : { value: input.evaluation!, fraction: parseDecimal(fraction) };
}

/**
 * A criterion's fraction, score, points and weight; null when it has no score or is not
 * evaluated. Out-of-range values (refused by evaluation-rules) are clamped to the scale.
 */
export function criterionResult(
  criterion: CriterionDef,
  input: CriterionEvaluationInput | undefined,
): CriterionResult | null {
  const source = scoreSourceOf(criterion);
  if (!source || !input) return null;
  const given = fractionOf(criterion, source, input);
  if (!given) return null;
  const fraction = clampFraction(given.fraction);
  const maxPoints = parseDecimal(criterion.points ?? DEFAULT_CRITERION_POINTS);
  return {
    source,
    value: given.value,
    fraction,
    score: add(ONE, mul(FIVE, fraction)),
    points: mul(fraction, maxPoints),
    maxPoints,
    weight: parseDecimal(criterion.grade?.weight ?? '1'),
  };
}

interface BlockOutcome {
  grade: Rational | null;
  /** Points and max points of every evaluated scored criterion inside the block, at any depth. */
  points: Rational;
  maxPoints: Rational;
}

const trail = (value: Rational) => formatDecimal(value, TRAIL_DIGITS);

function weightedMean(pairs: readonly { value: Rational; weight: Rational }[]): Rational | null {
  const totalWeight = sum(pairs.map((pair) => pair.weight));
  if (isZero(totalWeight)) return null;
  return div(sum(pairs.map((pair) => mul(pair.value, pair.weight))), totalWeight);
}

function criterionInput(criterion: CriterionDef, result: CriterionResult | null): CriterionInput {
  const leftOut = result ? null : scoreSourceOf(criterion) ? 'NOT_EVALUATED' : 'NO_SCORE';
  return {
    kind: 'criterion',
    criterion: criterion.id,
    left_out: leftOut,
    source: result?.source ?? scoreSourceOf(criterion),
    value: result?.value ?? null,
    fraction: result ? trail(result.fraction) : null,
    score: result ? trail(result.score) : null,
    weight: result ? trail(result.weight) : null,
    points: result ? trail(result.points) : null,
    max_points: result ? trail(result.maxPoints) : null,
  };
}

function blockInput(block: BlockDef, outcome: BlockOutcome, formula: GradingFormula): BlockInput {
  const counted =
    formula === 'OVER_FIVE_PLUS_ONE_ROUND' ? !isZero(outcome.maxPoints) : outcome.grade !== null;
  return {
    kind: 'block',
    block: block.id,
    left_out: counted ? null : 'NO_GRADE',
    grade:
      outcome.grade && roundToStep(outcome.grade, GRADING_FORMULA_STEPS[block.grading_formula]),
    weight: normalizeDecimal(block.coefficient),
    points: trail(outcome.points),
    max_points: trail(outcome.maxPoints),
  };
}

/**
 * What grading fills in: each block's grade, each scored criterion's points, and the
 * explanation when one is asked for.
 */
interface GradeBook {
  blocks: Record<number, string | null>;
  points: Map<number, Rational>;
  steps?: GradeStep[];
}

function evaluateBlock(
  block: BlockDef,
  evaluations: ReadonlyMap<number, CriterionEvaluationInput>,
  book: GradeBook,
): BlockOutcome {
  const children = block.blocks.map((child) => ({
    child,
    outcome: evaluateBlock(child, evaluations, book),
  }));
  const results = block.criteria.map((criterion) => ({
    criterion,
    result: criterionResult(criterion, evaluations.get(criterion.id)),
  }));
  for (const { criterion, result } of results)
    if (result) book.points.set(criterion.id, result.points);
  const scored = results.flatMap(({ result }) => (result ? [result] : []));
  const points = sum([...scored.map((r) => r.points), ...children.map((c) => c.outcome.points)]);
  const maxPoints = sum([
    ...scored.map((r) => r.maxPoints),
    ...children.map((c) => c.outcome.maxPoints),
  ]);

  const formula = block.grading_formula;
  let unrounded: Rational | null;
  if (formula === 'OVER_FIVE_PLUS_ONE_ROUND') {
    unrounded = isZero(maxPoints) ? null : add(mul(div(points, maxPoints), FIVE), ONE);
  } else {
    const criterionPairs = scored.map((r) => ({ value: r.score, weight: r.weight }));
    const blockPairs = children.flatMap(({ child, outcome }) =>
      outcome.grade ? [{ value: outcome.grade, weight: parseDecimal(child.coefficient) }] : [],
    );
    unrounded = weightedMean([...criterionPairs, ...blockPairs]);
  }
  const roundingStep = GRADING_FORMULA_STEPS[formula];
  const grade = unrounded && roundToStepRational(unrounded, roundingStep);
  const result = grade && roundToStep(grade, roundingStep);
  book.blocks[block.id] = result;
  // the explanation writes every figure of the way: the server, which stores grades only, skips it
  if (!book.steps) return { grade, points, maxPoints };

  const step: BlockStep = {
    kind: 'block',
    block: block.id,
    formula,
    inputs: [
      ...results.map(({ criterion, result }) => criterionInput(criterion, result)),
      ...children.map(({ child, outcome }) => blockInput(child, outcome, formula)),
    ],
    points: trail(points),
    max_points: trail(maxPoints),
    unrounded: unrounded && trail(unrounded),
    rounding_step: roundingStep,
    result,
  };
  book.steps.push(step);
  return { grade, points, maxPoints };
}

function moduleStep(
  tree: GradingTree,
  outcomes: readonly { block: BlockDef; outcome: BlockOutcome }[],
): ModuleStep {
  const inputs: ModuleStep['inputs'] = outcomes.map(({ block, outcome }) => ({
    block: block.id,
    grade:
      outcome.grade && roundToStep(outcome.grade, GRADING_FORMULA_STEPS[block.grading_formula]),
    coefficient: normalizeDecimal(block.coefficient),
    left_out: !block.should_include_in_export
      ? 'NOT_IN_EXPORT'
      : isZero(parseDecimal(block.coefficient))
        ? 'ZERO_COEFFICIENT'
        : outcome.grade === null
          ? 'NO_GRADE'
          : null,
  }));
  const pairs = outcomes.flatMap(({ block, outcome }, index) =>
    inputs[index]!.left_out === null && outcome.grade
      ? [{ value: outcome.grade, weight: parseDecimal(block.coefficient) }]
      : [],
  );
  const unrounded = weightedMean(pairs);
  const roundingStep = ROUNDING_STEPS[tree.rounding_formula];
  return {
    kind: 'module',
    rounding_formula: tree.rounding_formula,
    inputs,
    unrounded: unrounded && trail(unrounded),
    rounding_step: roundingStep,
    result: unrounded && roundToStep(unrounded, roundingStep),
  };
}

function grade(
  tree: GradingTree,
  evaluations: readonly CriterionEvaluationInput[],
  book: GradeBook,
): { blocks: Record<number, string | null>; module: string | null } {
  const byCriterion = new Map(evaluations.map((input) => [input.criterion, input]));
  const outcomes = tree.blocks.map((block) => ({
    block,
    outcome: evaluateBlock(block, byCriterion, book),
  }));
  if (!tree.graded) return { blocks: book.blocks, module: null };
  const module = moduleStep(tree, outcomes);
  book.steps?.push(module);
  return { blocks: book.blocks, module: module.result };
}

/** Block grades, the module grade and how they were computed (domain.md "Grading"). */
export function computeGrades(
  tree: GradingTree,
  evaluations: readonly CriterionEvaluationInput[],
): GradingResult {
  const steps: GradeStep[] = [];
  return { ...grade(tree, evaluations, { blocks: {}, points: new Map(), steps }), steps };
}

/**
 * The grades computeGrades gives, without writing out how, and each scored criterion's points:
 * what the server stores.
 */
export function gradesOf(
  tree: GradingTree,
  evaluations: readonly CriterionEvaluationInput[],
): Omit<GradingResult, 'steps'> & { points: ReadonlyMap<number, Rational> } {
  const points = new Map<number, Rational>();
  return { ...grade(tree, evaluations, { blocks: {}, points }), points };
}
