import { eq, sql } from 'drizzle-orm';
import type { RoundingFormula } from '../../domain/constants.ts';
import { formatDecimal } from '../../domain/decimal.ts';
import { computeGrades, criterionResult, type BlockDef } from '../../domain/grading.ts';
import type { Queryable } from '../db/client.ts';
import { assessments } from '../db/schema/index.ts';
import {
  decimalOut,
  loadBlocks,
  loadCriteria,
  type BlockRow,
  type CriterionRow,
} from '../presenters/assessments-detail.ts';
import { criterionDef, evaluationInput } from './grading-inputs.ts';

export interface RecomputedGrades {
  /** the module grade */
  grade: string | null;
  blocks: { id: number; block: number; grade: string | null }[];
  criteria: { id: number; criterion: number; points: string | null }[];
}

/** The module's frozen tree as the grading engine reads it. */
function gradingBlocks(blocks: BlockRow[], criteria: CriterionRow[]): BlockDef[] {
  const defs = new Map<number, BlockDef>();
  for (const { block: b } of blocks) {
    defs.set(b.id, {
      id: b.id,
      grading_formula: b.gradingFormula,
      coefficient: b.coefficient,
      should_include_in_export: b.shouldIncludeInExport,
      criteria: [],
      blocks: [],
    });
  }
  for (const row of criteria)
    defs.get(row.criterion.blockId)?.criteria.push(criterionDef(row.criterion));
  const roots: BlockDef[] = [];
  for (const { block } of blocks) {
    const parent = block.parentId == null ? undefined : defs.get(block.parentId);
    (parent ? parent.blocks : roots).push(defs.get(block.id)!);
  }
  return roots;
}

const values = (rows: [number, string | null][]) =>
  sql.join(
    rows.map(([id, value]) => sql`(${id}::int, ${value}::numeric)`),
    sql`, `,
  );

/**
 * Recomputes the block grades, the module grade and the criteria points of an assessment with the
 * domain grading engine and stores them, in the caller's transaction: a fixed number of queries.
 */
export async function recomputeGrades(
  tx: Queryable,
  assessmentId: number,
  module: { graded: boolean; roundingFormula: RoundingFormula },
): Promise<RecomputedGrades> {
  const [blocks, criteria] = await Promise.all([
    loadBlocks(tx, assessmentId),
    loadCriteria(tx, assessmentId),
  ]);
  const result = computeGrades(
    {
      blocks: gradingBlocks(blocks, criteria),
      graded: module.graded,
      rounding_formula: module.roundingFormula,
    },
    criteria.map((row) => evaluationInput(row.evaluation)),
  );
  const blockGrades = blocks.map(({ block, evaluation }) => ({
    id: evaluation.id,
    block: block.id,
    grade: result.blocks[block.id] ?? null,
  }));
  const points = criteria.map((row) => {
    const scored = criterionResult(criterionDef(row.criterion), evaluationInput(row.evaluation));
    return {
      id: row.evaluation.id,
      criterion: row.criterion.id,
      points: scored && formatDecimal(scored.points),
    };
  });
  if (blockGrades.length > 0) {
    await tx.execute(sql`update block_evaluations as be set grade = v.grade
      from (values ${values(blockGrades.map((b) => [b.id, b.grade]))}) as v(id, grade)
      where be.id = v.id`);
  }
  if (points.length > 0) {
    await tx.execute(sql`update criterion_evaluations as ce set points = v.points
      from (values ${values(points.map((p) => [p.id, p.points]))}) as v(id, points)
      where ce.id = v.id`);
  }
  await tx
    .update(assessments)
    .set({ grade: result.module })
    .where(eq(assessments.id, assessmentId));
  return {
    grade: decimalOut(result.module),
    blocks: blockGrades.map((b) => ({ ...b, grade: decimalOut(b.grade) })),
    criteria: points.map((p) => ({ ...p, points: decimalOut(p.points) })),
  };
}
