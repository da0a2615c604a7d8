import type { Queryable } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import {
  criterionCount,
  findBlockWithTemplate,
  isSelfOrDescendant,
} from '../queries/template-parts.ts';

/** A new parent must be a block of the same template, not the block or below it, holding no criteria. */
export async function checkParent(
  q: Queryable,
  templateId: number,
  parentId: number,
  movingBlockId?: number,
) {
  const found = await findBlockWithTemplate(q, parentId);
  if (!found) throw badRequest('parent', 'referencedObjectMissing');
  if (found.block.templateId !== templateId) throw badRequest('parent', 'blockParentOtherTemplate');
  if (movingBlockId !== undefined && (await isSelfOrDescendant(q, movingBlockId, parentId)))
    throw badRequest('parent', 'blockParentItself');
  if ((await criterionCount(q, parentId)) > 0) throw badRequest('parent', 'blockHoldsCriteria');
}

/** A block left out of the export weighs nothing: its coefficient is forced to "0". */
export const coefficientOf = (includedInExport: boolean, coefficient: string | undefined) =>
  includedInExport ? coefficient : '0';
