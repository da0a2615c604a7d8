import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import {
  assessmentGroups,
  assessments,
  cohorts,
  groupInstructors,
  modules,
} from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { setStatus } from '../commands/set-status.ts';
import { loadFrozen } from '../commands/frozen-tree.ts';
import { groupsOfModule } from '../commands/groups.ts';
import { definedOnly } from '../commands/touch-template.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import { pagedList, type ListOrdering } from '../queries/paged-list.ts';
import type { Actor } from '../policies/actor.ts';
import {
  authorizeModule,
  instructedBy,
  moduleListWhere,
  type ModuleTarget,
} from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { moduleDetailSchema, moduleSchema, presentModule } from '../presenters/modules.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { page } from '../presenters/page.ts';
import { archiveRoutes } from './archive-routes.ts';
import { moduleDetailQuery, moduleListQuery, modulePatchBody } from './inputs/modules.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
type ModuleRow = typeof modules.$inferSelect;
const moduleOrdering: ListOrdering = {
  columns: {
    name: modules.name,
    start_date: modules.startDate,
    end_date: modules.endDate,
    created_at: modules.createdAt,
  },
  fallback: 'name',
};

async function findModule(db: Db, id: number) {
  const [module] = await db.select().from(modules).where(eq(modules.id, id));
  if (!module) throw notFound();
  return module;
}

async function detail(
  db: Db,
  actor: Actor,
  module: ModuleRow,
  target: ModuleTarget,
  withGroups: boolean,
) {
  return {
    ...presentModule(actor, module, target),
    ...(await loadFrozen(db, module.id)),
    ...(withGroups ? { groups: await groupsOfModule(db, module.id) } : {}),
  };
}

function listWhere(actor: Actor, query: z.infer<z.ZodObject<typeof moduleListQuery>>): SQL {
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
function instructorsByModule(db: Db, moduleIds: number[]) {
  return idsByOwner(moduleIds, () =>
    db
      .selectDistinct({ owner: assessmentGroups.moduleId, id: groupInstructors.instructorId })
      .from(groupInstructors)
      .innerJoin(assessmentGroups, eq(assessmentGroups.id, groupInstructors.groupId))
      .where(inArray(assessmentGroups.moduleId, moduleIds)),
  );
}

async function checkPatch(db: Db, module: ModuleRow, body: z.infer<typeof modulePatchBody>) {
  if (body.status !== undefined && module.status === 'ARCHIVED')
    throw badRequest('status', 'moduleArchived');
  if (body.cohort) {
    const [cohort] = await db
      .select({ unitId: cohorts.unitId })
      .from(cohorts)
      .where(eq(cohorts.id, body.cohort));
    if (!cohort) throw badRequest('cohort', 'referencedObjectMissing');
    if (cohort.unitId !== module.unitId) throw badRequest('cohort', 'cohortOtherUnit');
  }
  const start = body.start_date !== undefined ? body.start_date : module.startDate;
  const end = body.end_date !== undefined ? body.end_date : module.endDate;
  if (start && end && end < start) throw badRequest('end_date', 'moduleEndBeforeStart');
}

export async function moduleRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['modules'];

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...moduleListQuery, ...pagingQuery }),
        response: { 200: pageSchema(moduleSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const query = request.query;
      const { total, rows } = await pagedList(
        db(),
        modules,
        listWhere(actor, query),
        moduleOrdering,
        query,
      );
      const instructors = await instructorsByModule(
        db(),
        rows.map((r) => r.id),
      );
      const results = rows.map((row) =>
        presentModule(actor, row, {
          unitId: row.unitId,
          instructorProfileIds: instructors.get(row.id)!,
        }),
      );
      return page(request, query, total, results);
    },
  );

  route.get(
    '/:id/',
    {
      schema: {
        tags,
        params,
        querystring: moduleDetailQuery,
        response: { 200: moduleDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const target = await authorizeModule(db(), actor, 'listModuleInstance', request.params.id);
      const module = await findModule(db(), request.params.id);
      return detail(db(), actor, module, target, request.query.with_groups ?? false);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: modulePatchBody, response: { 200: moduleDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const target = await authorizeModule(db(), actor, 'changeModuleInstance', request.params.id);
      const module = await findModule(db(), request.params.id);
      const body = request.body;
      await checkPatch(db(), module, body);
      const changes = definedOnly({
        name: body.name,
        startDate: body.start_date,
        endDate: body.end_date,
        cohortId: body.cohort,
        status: body.status,
      });
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(modules)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(modules.id, module.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'change',
          entity: 'module',
          entityId: module.id,
          oldValue: presentModule(actor, module, target),
          newValue: body,
        });
        return row!;
      });
      return detail(db(), actor, updated, target, false);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const target = await authorizeModule(db(), actor, 'changeModuleInstance', request.params.id);
    const module = await findModule(db(), request.params.id);
    await db().transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(assessments)
        .where(eq(assessments.moduleId, module.id));
      if (n > 0) throw conflict('moduleHasAssessments', [n]);
      await tx.delete(modules).where(eq(modules.id, module.id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'module',
        entityId: module.id,
        oldValue: presentModule(actor, module, target),
      });
    });
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: moduleDetailSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'OPEN' },
    async change(actor, id, action, status) {
      const target = await authorizeModule(db(), actor, 'archiveModuleInstance', id);
      const row = await findModule(db(), id);
      const updated = await setStatus(db(), actor, {
        table: modules,
        entity: 'module',
        row,
        action,
        status,
      });
      return detail(db(), actor, updated, target, false);
    },
  });
}
