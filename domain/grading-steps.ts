/**
 * The explanation trail of the grading engine ("how this grade was computed"), as data the web
 * renders in the reader's language. Numbers are decimal strings; unrounded values carry at
 * most four fraction digits.
 */
import type { GradingFormula, RoundingFormula } from './constants.ts';

/** Why a child did not count in its parent's grade. */
type LeftOutReason =
  | 'NO_SCORE' // text-only or progression-only criterion
  | 'NOT_EVALUATED' // scored criterion without a value yet
  | 'NO_GRADE' // block without any evaluated scored criterion
  | 'NOT_IN_EXPORT' // block not included in export (module grade)
  | 'ZERO_COEFFICIENT'; // block with coefficient 0 (module grade)

/** One criterion of a block, with what it contributed. */
export interface CriterionInput {
  kind: 'criterion';
  criterion: number;
  left_out: LeftOutReason | null;
  /** What scores it: 'grade', 'letter' or 'evaluation'; null for text/progression only. */
  source: 'grade' | 'letter' | 'evaluation' | null;
  /** The grade, letter or evaluation level given. */
  value: string | null;
  /** 0..1 */
  fraction: string | null;
  /** 1 + 5 × fraction */
  score: string | null;
  /** Weight in AVERAGE formulas (grade.weight, default 1). */
  weight: string | null;
  /** fraction × max_points, for OVER_FIVE_PLUS_ONE_ROUND. */
  points: string | null;
  max_points: string | null;
}

/** One nested block of a block, with its grade (AVERAGE formulas) and points (points formula). */
export interface BlockInput {
  kind: 'block';
  block: number;
  left_out: LeftOutReason | null;
  grade: string | null;
  /** The nested block's coefficient, its weight in AVERAGE formulas. */
  weight: string;
  points: string;
  max_points: string;
}

export interface BlockStep {
  kind: 'block';
  block: number;
  formula: GradingFormula;
  inputs: (CriterionInput | BlockInput)[];
  /** Σ points and Σ max points of every evaluated scored criterion in the block, at any depth. */
  points: string;
  max_points: string;
  /** The weighted mean or Σ points / Σ max points × 5 + 1, before rounding; null: no grade. */
  unrounded: string | null;
  /** "0.1" or "0.5". */
  rounding_step: string;
  result: string | null;
}

export interface ModuleStep {
  kind: 'module';
  rounding_formula: RoundingFormula;
  inputs: {
    block: number;
    grade: string | null;
    coefficient: string;
    left_out: LeftOutReason | null;
  }[];
  /** Mean of the counted block grades weighted by coefficient, before rounding. */
  unrounded: string | null;
  /** "0.1", "0.5" or "1". */
  rounding_step: string;
  result: string | null;
}

export type GradeStep = BlockStep | ModuleStep;
