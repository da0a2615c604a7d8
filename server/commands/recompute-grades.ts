import { sql } from 'drizzle-orm';
import type { RoundingFormula } from '../../domain/constants.ts';
import { decimalOut, formatDecimal } from '../../domain/decimal.ts';
import { gradesOf, type BlockDef, type CriterionEvaluationInput } from '../../domain/grading.ts';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledOnce } from '../db/rows.ts';
import {
  readGradingBlockRows,
  readGradingCriterionRows,
  type GradingBlockRow,
  type GradingCriterionRow,
} from '../queries/assessment-detail.ts';

export interface RecomputedGrades {
  /** the module grade */
  grade: string | null;
  blocks: { id: number; block: number; grade: string | null }[];
  criteria: { id: number; criterion: number; points: string | null }[];
}

/** The module's frozen tree as the grading engine reads it (a criterion row is its own def). */
export function gradingBlocks(
  blocks: GradingBlockRow[],
  criteria: GradingCriterionRow[],
): BlockDef[] {
  const defs = new Map<number, BlockDef>();
  for (const b of blocks) {
    defs.set(b.id, {
      id: b.id,
      grading_formula: b.grading_formula,
      coefficient: b.coefficient,
      should_include_in_export: b.should_include_in_export,
      criteria: [],
      blocks: [],
    });
  }
  for (const criterion of criteria) defs.get(criterion.block_id)?.criteria.push(criterion);
  const roots: BlockDef[] = [];
  for (const block of blocks) {
    const parent = block.parent_id == null ? undefined : defs.get(block.parent_id);
    (parent ? parent.blocks : roots).push(defs.get(block.id)!);
  }
  return roots;
}

/** A criterion row's evaluation as the grading engine reads it. */
export const evaluationInput = (c: GradingCriterionRow): CriterionEvaluationInput => ({
  criterion: c.id,
  evaluation: c.evaluation,
  grade: c.e_grade,
  letter: c.letter,
  progression: c.progression,
  text: c.text,
  trend: c.trend,
});

/** What an assessment's recomputation stores: the block grades and points by id, as arrays. */
type StoredGrades = {
  id: number;
  grade: string | null;
  blockIds: number[];
  blockGrades: (string | null)[];
  criterionIds: number[];
  points: (string | null)[];
};

/**
 * The block grades, the criteria points and the module grade in one statement, whatever the
 * number of rows: one round trip where three held the assessment's row lock longer.
 */
const storeGrades = rowsCompiledOnce<never, StoredGrades>(sql`with blocks as (
    update block_evaluations as be set grade = v.value
    from unnest(${sql.placeholder('blockIds')}::int[], ${sql.placeholder('blockGrades')}::numeric[])
      as v(id, value)
    where be.id = v.id
  ), criteria as (
    update criterion_evaluations as ce set points = v.value
    from unnest(${sql.placeholder('criterionIds')}::int[], ${sql.placeholder('points')}::numeric[])
      as v(id, value)
    where ce.id = v.id
  )
  update assessments set grade = ${sql.placeholder('grade')}::numeric
  where id = ${sql.placeholder('id')}`);

/**
 * Recomputes the block grades, the module grade and the criteria points of an assessment with the
 * domain grading engine and stores them, in the caller's transaction: two reads and one write,
 * each compiled once.
 */
export async function recomputeGrades(
  tx: Queryable,
  assessmentId: number,
  module: { graded: boolean; roundingFormula: RoundingFormula },
): Promise<RecomputedGrades> {
  const [blocks, criteria] = await Promise.all([
    readGradingBlockRows(tx, assessmentId),
    readGradingCriterionRows(tx, assessmentId),
  ]);
  const result = gradesOf(
    {
      blocks: gradingBlocks(blocks, criteria),
      graded: module.graded,
      rounding_formula: module.roundingFormula,
    },
    criteria.map(evaluationInput),
  );
  const blockGrades = blocks.map((block) => ({
    id: block.e_id,
    block: block.id,
    grade: result.blocks[block.id] ?? null,
  }));
  const points = criteria.map((criterion) => {
    const scored = result.points.get(criterion.id);
    return {
      id: criterion.e_id,
      criterion: criterion.id,
      points: scored ? formatDecimal(scored) : null,
    };
  });
  await storeGrades(tx, {
    id: assessmentId,
    grade: result.module,
    blockIds: blockGrades.map((b) => b.id),
    blockGrades: blockGrades.map((b) => b.grade),
    criterionIds: points.map((p) => p.id),
    points: points.map((p) => p.points),
  });
  return {
    grade: decimalOut(result.module),
    blocks: blockGrades.map((b) => ({ ...b, grade: decimalOut(b.grade) })),
    criteria: points.map((p) => ({ ...p, points: decimalOut(p.points) })),
  };
}
