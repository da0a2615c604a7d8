/** Small builders of grading trees for tests (domain, server and web). */
import type { ProgressionFlag } from './constants.ts';
import { presetFields, type CriterionPresetKey } from './criterion-presets.ts';
import type { BlockDef, CriterionDef, CriterionEvaluationInput, GradingTree } from './grading.ts';

export function criterionDef(
  id: number,
  preset: CriterionPresetKey,
  overrides: Partial<CriterionDef> = {},
): CriterionDef {
  return { id, ...presetFields(preset), ...overrides };
}

export function gradeCriterion(id: number, weight = '1', overrides: Partial<CriterionDef> = {}) {
  return criterionDef(id, 'GRADE', {
    grade: { min: '1', max: '6', step: '0.5', weight },
    ...overrides,
  });
}

export function blockDef(
  id: number,
  formula: BlockDef['grading_formula'],
  children: { criteria?: CriterionDef[]; blocks?: BlockDef[] },
  overrides: Partial<BlockDef> = {},
): BlockDef {
  return {
    id,
    grading_formula: formula,
    coefficient: '1',
    should_include_in_export: true,
    criteria: children.criteria ?? [],
    blocks: children.blocks ?? [],
    ...overrides,
  };
}

export function evaluationOf(
  criterion: number,
  values: Partial<Omit<CriterionEvaluationInput, 'criterion' | 'progression'>> & {
    progression?: readonly ProgressionFlag[];
  },
): CriterionEvaluationInput {
  return {
    criterion,
    evaluation: null,
    grade: null,
    letter: null,
    text: null,
    trend: null,
    ...values,
    progression: [...(values.progression ?? [])],
  };
}

export function treeOf(
  blocks: BlockDef[],
  rounding_formula: GradingTree['rounding_formula'] = 'TENTH',
  graded = true,
): GradingTree {
  return { blocks, graded, rounding_formula };
}
