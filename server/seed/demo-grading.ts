import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RoundingFormula } from '../../domain/constants.ts';
import { formatDecimal } from '../../domain/decimal.ts';
import {
  computeGrades,
  criterionResult,
  type BlockDef,
  type CriterionDef,
} from '../../domain/grading.ts';
import type { Tx } from '../db/client.ts';
import {
  blockEvaluations,
  criterionEvaluations,
  moduleBlocks,
  moduleCriteria,
} from '../db/schema/index.ts';
import { criterionDef, evaluationInput } from '../commands/grading-inputs.ts';

/**
 * The grades of many assessments of one module at once, by the domain grading engine, as
 * server/commands/recompute-grades.ts computes them for one: the seed grades a hundred
 * assessments in a handful of queries instead of five each (the test checks both agree).
 */
export async function gradeAssessments(
  tx: Tx,
  module: { id: number; graded: boolean; roundingFormula: RoundingFormula },
  assessmentIds: number[],
) {
  if (assessmentIds.length === 0) return;
  const [blocks, criteria, evaluations, blockRows] = await Promise.all([
    tx.select().from(moduleBlocks).where(eq(moduleBlocks.moduleId, module.id)),
    tx.select().from(moduleCriteria).where(eq(moduleCriteria.moduleId, module.id)),
    tx
      .select()
      .from(criterionEvaluations)
      .where(inArray(criterionEvaluations.assessmentId, assessmentIds)),
    tx
      .select({
        id: blockEvaluations.id,
        assessmentId: blockEvaluations.assessmentId,
        blockId: blockEvaluations.blockId,
      })
      .from(blockEvaluations)
      .where(and(inArray(blockEvaluations.assessmentId, assessmentIds))),
  ]);
  const defs = new Map(criteria.map((c) => [c.id, criterionDef(c)]));
  const tree = {
    blocks: treeOf(blocks, criteria, defs),
    graded: module.graded,
    rounding_formula: module.roundingFormula,
  };
  const moduleGrades: [number, string | null][] = [];
  const blockGrades: [number, string | null][] = [];
  const points: [number, string | null][] = [];
  for (const assessmentId of assessmentIds) {
    const own = evaluations.filter((e) => e.assessmentId === assessmentId);
    const inputs = own.map(evaluationInput);
    const result = computeGrades(tree, inputs);
    moduleGrades.push([assessmentId, result.module]);
    for (const row of blockRows.filter((b) => b.assessmentId === assessmentId)) {
      blockGrades.push([row.id, result.blocks[row.blockId] ?? null]);
    }
    for (const [i, e] of own.entries()) {
      const scored = criterionResult(defs.get(e.criterionId)!, inputs[i]);
      points.push([e.id, scored && formatDecimal(scored.points)]);
    }
  }
  await setNumeric(tx, 'assessments', 'grade', moduleGrades);
  await setNumeric(tx, 'block_evaluations', 'grade', blockGrades);
  await setNumeric(tx, 'criterion_evaluations', 'points', points);
}

function treeOf(
  blocks: (typeof moduleBlocks.$inferSelect)[],
  criteria: (typeof moduleCriteria.$inferSelect)[],
  defs: Map<number, CriterionDef>,
): BlockDef[] {
  const byOrder = <T extends { order: number; id: number }>(a: T, b: T) =>
    a.order - b.order || a.id - b.id;
  const nodes = new Map<number, BlockDef>();
  for (const b of [...blocks].sort(byOrder)) {
    nodes.set(b.id, {
      id: b.id,
      grading_formula: b.gradingFormula,
      coefficient: b.coefficient,
      should_include_in_export: b.shouldIncludeInExport,
      criteria: [],
      blocks: [],
    });
  }
  for (const c of [...criteria].sort(byOrder)) nodes.get(c.blockId)?.criteria.push(defs.get(c.id)!);
  const roots: BlockDef[] = [];
  for (const b of [...blocks].sort(byOrder)) {
    const parent = b.parentId == null ? undefined : nodes.get(b.parentId);
    (parent ? parent.blocks : roots).push(nodes.get(b.id)!);
  }
  return roots;
}

async function setNumeric(
  tx: Tx,
  table: 'assessments' | 'block_evaluations' | 'criterion_evaluations',
  column: 'grade' | 'points',
  rows: [number, string | null][],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(([id, value]) => sql`(${id}::int, ${value}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`update ${sql.identifier(table)} as t set ${sql.identifier(column)} = v.value
    from (values ${values}) as v(id, value) where t.id = v.id`);
}
