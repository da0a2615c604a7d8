import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, assessments, moduleBlocks, moduleCriteria } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import { copiedBlockFields, copiedCriterionFields } from './template-tree.ts';

/**
 * What an assessment's evaluations depend on in a module's frozen tree, by source ids. Two
 * modules of the same template with the same signature were frozen from the same tree.
 */
async function treeSignature(tx: Queryable, moduleId: number): Promise<string> {
  const blocks = await tx.select().from(moduleBlocks).where(eq(moduleBlocks.moduleId, moduleId));
  const criteria = await tx
    .select()
    .from(moduleCriteria)
    .where(eq(moduleCriteria.moduleId, moduleId));
  const sourceOf = new Map(blocks.map((b) => [b.id, b.sourceBlockId]));
  const parts = [
    ...blocks.map((b) =>
      JSON.stringify([
        'b',
        b.sourceBlockId,
        b.parentId && sourceOf.get(b.parentId),
        copiedBlockFields(b),
      ]),
    ),
    ...criteria.map((c) =>
      JSON.stringify(['c', c.sourceCriterionId, sourceOf.get(c.blockId), copiedCriterionFields(c)]),
    ),
  ];
  // without sources nothing can be matched: such a tree equals no other
  const unsourced =
    blocks.some((b) => b.sourceBlockId === null) ||
    criteria.some((c) => c.sourceCriterionId === null);
  if (unsourced) return `unsourced module ${moduleId}`;
  return parts.sort().join('\n');
}

/**
 * Moves a group to another module of the same unit and template (checked by the caller). Its
 * assessments follow: their module changes and their evaluations are re-pointed to the new
 * module's frozen blocks and criteria with the same source. Refused (409) when the two frozen
 * trees differ, since the evaluations would then lose their meaning. Runs inside `tx`.
 */
export async function moveGroup(
  tx: Queryable,
  groupId: number,
  fromModuleId: number,
  toModuleId: number,
) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(assessments)
    .where(eq(assessments.groupId, groupId));
  if (n > 0) {
    const [from, to] = [await treeSignature(tx, fromModuleId), await treeSignature(tx, toModuleId)];
    if (from !== to) throw conflict('groupMoveTreesDiffer');
    await tx.execute(sql`
      update block_evaluations be set block_id = nb.id
      from module_blocks ob, module_blocks nb
      where be.block_id = ob.id and ob.module_id = ${fromModuleId}
        and nb.module_id = ${toModuleId} and nb.source_block_id = ob.source_block_id
        and be.assessment_id in (select id from assessments where group_id = ${groupId})`);
    await tx.execute(sql`
      update criterion_evaluations ce set criterion_id = nc.id
      from module_criteria oc, module_criteria nc
      where ce.criterion_id = oc.id and oc.module_id = ${fromModuleId}
        and nc.module_id = ${toModuleId} and nc.source_criterion_id = oc.source_criterion_id
        and ce.assessment_id in (select id from assessments where group_id = ${groupId})`);
    await tx
      .update(assessments)
      .set({
        moduleId: toModuleId,
        version: sql`${assessments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(assessments.groupId, groupId));
  }
  await tx
    .update(assessmentGroups)
    .set({ moduleId: toModuleId, updatedAt: new Date() })
    .where(eq(assessmentGroups.id, groupId));
  return n;
}
