import type {
  AssessmentBlock,
  AssessmentCriterion,
} from '../../../domain/schemas/assessment-detail.ts';

/** Every block of an assessment's tree, each before the blocks it holds. */
export function allBlocks(blocks: AssessmentBlock[]): AssessmentBlock[] {
  return blocks.flatMap((block) => [block, ...allBlocks(block.blocks)]);
}

/** Every criterion of an assessment's tree, in the order of its blocks. */
export const allCriteria = (blocks: AssessmentBlock[]): AssessmentCriterion[] =>
  allBlocks(blocks).flatMap((block) => block.criteria);
