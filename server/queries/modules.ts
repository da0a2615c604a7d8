import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ModuleListQuery } from '../../domain/schemas/modules.ts';
import type { Queryable } from '../db/client.ts';
import { BY_ID, compiledOnce, oneOf, runNamed } from '../db/rows.ts';
import {
  assessmentGroups,
  groupInstructors,
  moduleBlocks,
  moduleCriteria,
  modules,
} from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import type { Actor } from '../policies/actor.ts';
import { instructedBy, moduleListWhere } from '../policies/modules.ts';
import { pagedList, type ListOrdering } from './paged-list.ts';
import type { ModuleRow } from './rows.ts';

const moduleOrdering: ListOrdering = {
  columns: {
    name: modules.name,
    start_date: modules.startDate,
    end_date: modules.endDate,
    created_at: modules.createdAt,
  },
  fallback: 'name',
};

const moduleById = compiledOnce((q) => q.select().from(modules).where(eq(modules.id, BY_ID)));

/** The module; 404 when there is none (its visibility is checked by policies/modules.ts). */
export async function findModule(q: Queryable, id: number): Promise<ModuleRow> {
  const [module] = await moduleById(q, { id });
  if (!module) throw notFound();
  return module;
}

function listWhere(actor: Actor, query: ModuleListQuery): SQL {
  const conditions: (SQL | undefined)[] = [moduleListWhere(actor)];
  if (query.status) conditions.push(eq(modules.status, query.status));
  if (query.unit) conditions.push(eq(modules.unitId, query.unit));
  if (query.module_type) conditions.push(eq(modules.moduleType, query.module_type));
  if (query.cohort) conditions.push(eq(modules.cohortId, query.cohort));
  if (query.template) conditions.push(eq(modules.templateId, query.template));
  if (query.instructor) conditions.push(instructedBy(query.instructor));
  if (query.search)
    conditions.push(ilike(modules.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  return and(...conditions)!;
}

/** The instructors of every group of each module, for the permissions a list shows. */
function instructorsByModule(q: Queryable, moduleIds: number[]) {
  return idsByOwner(moduleIds, () =>
    runNamed(
      q
        .selectDistinct({ owner: assessmentGroups.moduleId, id: groupInstructors.instructorId })
        .from(groupInstructors)
        .innerJoin(assessmentGroups, eq(assessmentGroups.id, groupInstructors.groupId))
        .where(oneOf(assessmentGroups.moduleId, moduleIds)),
    ),
  );
}

/** One page of the modules the actor may list, with each one's instructors. */
export async function listModules(
  q: Queryable,
  actor: Actor,
  query: ModuleListQuery & { limit: number; offset: number },
) {
  const { total, rows } = await pagedList(
    q,
    modules,
    listWhere(actor, query),
    moduleOrdering,
    query,
  );
  const instructors = await instructorsByModule(
    q,
    rows.map((r) => r.id),
  );
  return { total, rows, instructors };
}

const blocksOfModule = compiledOnce((q) =>
  q
    .select()
    .from(moduleBlocks)
    .where(eq(moduleBlocks.moduleId, BY_ID))
    .orderBy(asc(moduleBlocks.order), asc(moduleBlocks.id)),
);

const criteriaOfModule = compiledOnce((q) =>
  q
    .select()
    .from(moduleCriteria)
    .where(eq(moduleCriteria.moduleId, BY_ID))
    .orderBy(asc(moduleCriteria.order), asc(moduleCriteria.id)),
);

/** A module's frozen blocks and criteria, in order; two queries, each compiled once. */
export async function readFrozenTree(q: Queryable, moduleId: number) {
  const blocks = await blocksOfModule(q, { id: moduleId });
  const criteria = await criteriaOfModule(q, { id: moduleId });
  return { blocks, criteria };
}
