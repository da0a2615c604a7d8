import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import {
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';

/** A block template and the template it belongs to (for the policy). */
export async function findBlockWithTemplate(q: Queryable, blockId: number) {
  const [row] = await q
    .select({ block: criterionBlockTemplates, template: moduleTemplates })
    .from(criterionBlockTemplates)
    .innerJoin(moduleTemplates, eq(moduleTemplates.id, criterionBlockTemplates.templateId))
    .where(eq(criterionBlockTemplates.id, blockId));
  return row;
}

/** A criterion template with its block and template. */
export async function findCriterionWithTemplate(q: Queryable, criterionId: number) {
  const [row] = await q
    .select({
      criterion: criterionTemplates,
      block: criterionBlockTemplates,
      template: moduleTemplates,
    })
    .from(criterionTemplates)
    .innerJoin(criterionBlockTemplates, eq(criterionBlockTemplates.id, criterionTemplates.blockId))
    .innerJoin(moduleTemplates, eq(moduleTemplates.id, criterionBlockTemplates.templateId))
    .where(eq(criterionTemplates.id, criterionId));
  return row;
}

/** The ids of a block's criteria and nested blocks, each in order. */
export async function blockChildren(q: Queryable, blockId: number) {
  const criteria = await q
    .select({ id: criterionTemplates.id })
    .from(criterionTemplates)
    .where(eq(criterionTemplates.blockId, blockId))
    .orderBy(asc(criterionTemplates.order), asc(criterionTemplates.id));
  const blocks = await q
    .select({ id: criterionBlockTemplates.id })
    .from(criterionBlockTemplates)
    .where(eq(criterionBlockTemplates.parentId, blockId))
    .orderBy(asc(criterionBlockTemplates.order), asc(criterionBlockTemplates.id));
  return { criterionIds: criteria.map((c) => c.id), blockIds: blocks.map((b) => b.id) };
}

export async function criterionCount(q: Queryable, blockId: number) {
  const [row] = await q
    .select({ n: count() })
    .from(criterionTemplates)
    .where(eq(criterionTemplates.blockId, blockId));
  return row?.n ?? 0;
}

export async function nestedBlockCount(q: Queryable, blockId: number) {
  const [row] = await q
    .select({ n: count() })
    .from(criterionBlockTemplates)
    .where(eq(criterionBlockTemplates.parentId, blockId));
  return row?.n ?? 0;
}

/** The order after the last sibling: a new part goes to the end. */
export async function nextBlockOrder(q: Queryable, templateId: number, parentId: number | null) {
  const [row] = await q
    .select({ last: max(criterionBlockTemplates.order) })
    .from(criterionBlockTemplates)
    .where(
      and(
        eq(criterionBlockTemplates.templateId, templateId),
        parentId === null
          ? isNull(criterionBlockTemplates.parentId)
          : eq(criterionBlockTemplates.parentId, parentId),
      ),
    );
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function nextCriterionOrder(q: Queryable, blockId: number) {
  const [row] = await q
    .select({ last: max(criterionTemplates.order) })
    .from(criterionTemplates)
    .where(eq(criterionTemplates.blockId, blockId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Whether `candidateId` is `blockId` itself or one of its nested blocks (a move there loops). */
export async function isSelfOrDescendant(q: Queryable, blockId: number, candidateId: number) {
  let current: number | null = candidateId;
  while (current !== null) {
    if (current === blockId) return true;
    const [row] = await q
      .select({ parentId: criterionBlockTemplates.parentId })
      .from(criterionBlockTemplates)
      .where(eq(criterionBlockTemplates.id, current));
    current = row?.parentId ?? null;
  }
  return false;
}
