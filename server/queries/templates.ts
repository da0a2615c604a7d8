import { and, asc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TemplateListQuery } from '../../domain/schemas/module-templates.ts';
import type { Queryable } from '../db/client.ts';
import {
  criterionBlockTemplates,
  criterionTemplates,
  moduleTemplates,
} from '../db/schema/index.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { templateListWhere } from '../policies/templates.ts';
import { pagedList, type ListOrdering } from './paged-list.ts';

const templateOrdering: ListOrdering = {
  columns: {
    template_name: moduleTemplates.templateName,
    created_at: moduleTemplates.createdAt,
    updated_at: moduleTemplates.updatedAt,
    module_type: moduleTemplates.moduleType,
  },
  fallback: 'template_name',
};

/** Every block and criterion of a template (two queries whatever its size). */
export async function readTemplateTree(q: Queryable, templateId: number) {
  const blocks = await q
    .select()
    .from(criterionBlockTemplates)
    .where(eq(criterionBlockTemplates.templateId, templateId))
    .orderBy(asc(criterionBlockTemplates.order), asc(criterionBlockTemplates.id));
  const criteria = await q
    .select({ criterion: criterionTemplates })
    .from(criterionTemplates)
    .innerJoin(criterionBlockTemplates, eq(criterionBlockTemplates.id, criterionTemplates.blockId))
    .where(eq(criterionBlockTemplates.templateId, templateId))
    .orderBy(asc(criterionTemplates.order), asc(criterionTemplates.id));
  return { blocks, criteria: criteria.map((row) => row.criterion) };
}

/** The top-level block ids of each template, in order: `criterion_blocks`. */
function topBlockIds(q: Queryable, templateIds: number[]) {
  return idsByOwner(templateIds, () =>
    q
      .select({ owner: criterionBlockTemplates.templateId, id: criterionBlockTemplates.id })
      .from(criterionBlockTemplates)
      .where(
        and(
          inArray(criterionBlockTemplates.templateId, templateIds),
          isNull(criterionBlockTemplates.parentId),
        ),
      )
      .orderBy(asc(criterionBlockTemplates.order), asc(criterionBlockTemplates.id)),
  );
}

function listWhere(actor: Actor, query: TemplateListQuery): SQL {
  const conditions: (SQL | undefined)[] = [templateListWhere(actor)];
  if (query.module_type) conditions.push(eq(moduleTemplates.moduleType, query.module_type));
  if (query.language) conditions.push(eq(moduleTemplates.language, query.language));
  if (query.status) conditions.push(eq(moduleTemplates.status, query.status));
  if (query.unit) conditions.push(eq(moduleTemplates.unitId, query.unit));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      or(ilike(moduleTemplates.templateName, pattern), ilike(moduleTemplates.description, pattern)),
    );
  }
  return and(...conditions)!;
}

/** One page of the templates the actor may list, with each one's top-level blocks. */
export async function listTemplates(
  q: Queryable,
  actor: Actor,
  query: TemplateListQuery & { limit: number; offset: number },
) {
  const { total, rows } = await pagedList(
    q,
    moduleTemplates,
    listWhere(actor, query),
    templateOrdering,
    query,
  );
  const blocks = await topBlockIds(
    q,
    rows.map((r) => r.id),
  );
  return { total, rows, blocks };
}
