import type { AssessmentJson, BlockJson, CriterionEvaluationJson } from './api.ts';

/** Whether nothing was entered for a criterion: no level, text, flag, grade, letter, points or trend. */
function isUnevaluated(evaluation: CriterionEvaluationJson): boolean {
  return (
    evaluation.evaluation === null &&
    !evaluation.text &&
    evaluation.progression.length === 0 &&
    evaluation.grade === null &&
    evaluation.letter === null &&
    evaluation.points === null &&
    evaluation.trend === null
  );
}

/** The names of the criteria still unevaluated, in the order of the page, blocks within blocks. */
export function unevaluatedCriteria(detail: Pick<AssessmentJson, 'blocks'>): string[] {
  const walk = (blocks: BlockJson[]): string[] =>
    blocks.flatMap((block) => [
      ...block.criteria.filter((c) => isUnevaluated(c.evaluation)).map((c) => c.name),
      ...walk(block.blocks),
    ]);
  return walk(detail.blocks);
}
