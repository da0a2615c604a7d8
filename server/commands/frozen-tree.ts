import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { moduleBlocks, moduleCriteria } from '../db/schema/index.ts';
import { presentFrozenTree } from '../presenters/modules.ts';

/** A module's frozen blocks and criteria (two queries), presented as its tree. */
export async function loadFrozen(q: Queryable, moduleId: number) {
  const blocks = await q
    .select()
    .from(moduleBlocks)
    .where(eq(moduleBlocks.moduleId, moduleId))
    .orderBy(asc(moduleBlocks.order), asc(moduleBlocks.id));
  const criteria = await q
    .select()
    .from(moduleCriteria)
    .where(eq(moduleCriteria.moduleId, moduleId))
    .orderBy(asc(moduleCriteria.order), asc(moduleCriteria.id));
  return presentFrozenTree(blocks, criteria);
}
