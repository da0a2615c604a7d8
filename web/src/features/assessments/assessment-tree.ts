/**
 * The assessment's tree as the page uses it, pure: the server's values of a field, the grades
 * computed live from what the user sees (the same engine as the server), and the copy updated
 * by a saved change.
 */
import {
  computeGrades,
  type CriterionEvaluationInput,
  type GradingResult,
} from '../../../../domain/grading.ts';
import type { AssessmentJson, BlockJson, CriterionJson, GradesAnswer } from './api.ts';
import { allBlocks, allCriteria } from '../../shared/assessment-blocks.ts';
import { overlay, type Change, type QueueState, type Target } from './save-queue.ts';

export const criterionTarget = (c: CriterionJson): Target => ({
  kind: 'criterion',
  id: c.evaluation.id,
});
export const blockTarget = (b: BlockJson): Target => ({ kind: 'block', id: b.evaluation.id });
export const assessmentTarget = (a: AssessmentJson): Target => ({ kind: 'assessment', id: a.id });

/** The server's value of a field of a target (criterion field, block or assessment comment). */
export function serverValue(detail: AssessmentJson, target: Target, field: string): unknown {
  if (target.kind === 'assessment') return detail.comment;
  if (target.kind === 'block') {
    return allBlocks(detail.blocks).find((b) => b.evaluation.id === target.id)?.evaluation.comment;
  }
  const criterion = allCriteria(detail.blocks).find((c) => c.evaluation.id === target.id);
  return criterion?.evaluation[field as keyof CriterionJson['evaluation']];
}

/** A criterion's evaluation as the user sees it: the server's, under their unsaved edits. */
export const shownEvaluation = (criterion: CriterionJson, queue: QueueState) =>
  ({
    ...criterion.evaluation,
    ...overlay(queue, criterionTarget(criterion)),
  }) as CriterionJson['evaluation'];

/** Block grades, module grade and their explanation, from the values on screen. */
export function liveGrades(detail: AssessmentJson, queue: QueueState): GradingResult {
  const inputs: CriterionEvaluationInput[] = allCriteria(detail.blocks).map((criterion) => {
    const shown = shownEvaluation(criterion, queue);
    return {
      criterion: criterion.id,
      evaluation: shown.evaluation,
      grade: shown.grade,
      letter: shown.letter,
      progression: shown.progression,
      text: shown.text,
      trend: shown.trend,
    };
  });
  return computeGrades(
    {
      blocks: detail.blocks,
      graded: detail.module.graded,
      rounding_formula: detail.module.rounding_formula,
    },
    inputs,
  );
}

const isGradesAnswer = (answer: GradesAnswer | AssessmentJson): answer is GradesAnswer =>
  !('blocks' in answer && 'permissions' in answer);

/** The copy of the assessment once the server stored a change and answered. */
export function applySaved(
  detail: AssessmentJson,
  change: Change,
  answer: GradesAnswer | AssessmentJson,
): AssessmentJson {
  if (!isGradesAnswer(answer)) return answer;
  const blockGrades = new Map(answer.blocks.map((b) => [b.id, b.grade]));
  const points = new Map(answer.criteria.map((c) => [c.id, c.points]));
  const { kind, id } = change.target;
  const updateBlock = (block: BlockJson): BlockJson => ({
    ...block,
    evaluation: {
      ...block.evaluation,
      ...(kind === 'block' && block.evaluation.id === id ? change.fields : {}),
      grade: blockGrades.has(block.evaluation.id)
        ? blockGrades.get(block.evaluation.id)!
        : block.evaluation.grade,
    },
    criteria: block.criteria.map((c) => ({
      ...c,
      evaluation: {
        ...c.evaluation,
        ...(kind === 'criterion' && c.evaluation.id === id ? change.fields : {}),
        points: points.has(c.evaluation.id) ? points.get(c.evaluation.id)! : c.evaluation.points,
      },
    })),
    blocks: block.blocks.map(updateBlock),
  });
  return {
    ...detail,
    version: answer.version,
    grade: answer.grade,
    blocks: detail.blocks.map(updateBlock),
  };
}

/** Evaluation changes are possible: the reader may evaluate, the assessment is in progress, the module open. */
export const isEditable = (detail: AssessmentJson) =>
  detail.permissions.evaluate && detail.status === 'IN_PROGRESS' && detail.module.status === 'OPEN';
