/**
 * The preview's grades: the editor's tree (or a saved one) and sample values, graded by the
 * same domain engine the server uses (domain/grading.ts).
 */
import type { EvaluationLevel, Letter, RoundingFormula } from '../../../../domain/constants.ts';
import { isDecimal } from '../../../../domain/decimal.ts';
import {
  computeGrades,
  type BlockDef,
  type BlockStep,
  type CriterionDef,
  type CriterionEvaluationInput,
  type GradingResult,
  type ModuleStep,
} from '../../../../domain/grading.ts';
import { itemKey, type EditorBlock, type EditorCriterion } from './editor-tree.ts';

/** A sample value the reader gives a criterion in the preview. */
export interface SampleValue {
  evaluation?: EvaluationLevel | '';
  grade?: string;
  letter?: Letter | '';
}

export interface PreviewGrades {
  /** the engine's number of each item key (the engine counts blocks and criteria by number) */
  numbers: Map<string, number>;
  result: GradingResult;
  blockStep: (key: string) => BlockStep | undefined;
  moduleStep: ModuleStep | undefined;
}

const decimalOr = (value: string, fallback: string) => (isDecimal(value) ? value : fallback);

/** Grades of the tree for the sample values; numbers still being typed count as their default. */
export function previewGrades(
  blocks: readonly EditorBlock[],
  template: { graded: boolean; rounding_formula: RoundingFormula },
  samples: Readonly<Record<string, SampleValue>>,
): PreviewGrades {
  const numbers = new Map<string, number>();
  const numberOf = (key: string) => {
    if (!numbers.has(key)) numbers.set(key, numbers.size + 1);
    return numbers.get(key)!;
  };
  const evaluations: CriterionEvaluationInput[] = [];
  const criterionDef = (c: EditorCriterion): CriterionDef => {
    const key = itemKey(c);
    const sample = samples[key];
    const id = numberOf(key);
    if (sample)
      evaluations.push({
        criterion: id,
        evaluation: sample.evaluation || null,
        grade: sample.grade && isDecimal(sample.grade) ? sample.grade : null,
        letter: sample.letter || null,
        progression: [],
        text: null,
        trend: null,
      });
    return {
      id,
      has_evaluation: c.has_evaluation,
      has_text_input: c.has_text_input,
      has_progression: c.has_progression,
      flags: c.flags,
      grade: c.grade && {
        min: decimalOr(c.grade.min, '1'),
        max: decimalOr(c.grade.max, '6'),
        step: decimalOr(c.grade.step, '0.5'),
        weight: decimalOr(c.grade.weight, '1'),
      },
      letter_evaluation: c.letter_evaluation,
      points: decimalOr(c.points, '0'),
    };
  };
  const blockDef = (b: EditorBlock): BlockDef => ({
    id: numberOf(itemKey(b)),
    grading_formula: b.grading_formula,
    coefficient: b.should_include_in_export ? decimalOr(b.coefficient, '0') : '0',
    should_include_in_export: b.should_include_in_export,
    criteria: b.criteria.map(criterionDef),
    blocks: b.blocks.map(blockDef),
  });
  const defs = blocks.map(blockDef);
  const result = computeGrades(
    { blocks: defs, graded: template.graded, rounding_formula: template.rounding_formula },
    evaluations,
  );
  const steps = new Map<number, BlockStep>();
  let moduleStep: ModuleStep | undefined;
  for (const step of result.steps) {
    if (step.kind === 'block') steps.set(step.block, step);
    else moduleStep = step;
  }
  return {
    numbers,
    result,
    blockStep: (key) => steps.get(numbers.get(key) ?? 0),
    moduleStep,
  };
}
