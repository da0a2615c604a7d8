import { decimalOut } from '../../domain/decimal.ts';
import type { BlockEvaluationRow } from '../queries/evaluations.ts';

/** GET /assessments/blocks/evaluations/{id}/: the comment and grade, with the assessment's version. */
export const presentBlockEvaluation = ({ evaluation: e, version }: BlockEvaluationRow) => ({
  id: e.id,
  assessment: e.assessmentId,
  block: e.blockId,
  comment: e.comment,
  grade: decimalOut(e.grade),
  version,
});

/** A block evaluation write's answer: the grades, and the block evaluation as saved. */
export function presentBlockEvaluationWrite(
  id: number,
  result: {
    version: number;
    grade: string | null;
    blocks: { id: number; block: number; grade: string | null }[];
    criteria: { id: number; criterion: number; points: string | null }[];
    assessment: number;
    comment: string;
  },
) {
  const own = result.blocks.find((b) => b.id === id)!;
  return {
    version: result.version,
    grade: result.grade,
    blocks: result.blocks,
    criteria: result.criteria,
    block_evaluation: {
      id: own.id,
      block: own.block,
      assessment: result.assessment,
      comment: result.comment,
      grade: own.grade,
    },
  };
}
