import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  moduleDetailQuery,
  moduleDetailSchema,
  moduleListQuery,
  modulePatchBody,
  moduleSchema,
} from '../../domain/schemas/modules.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { changeModule } from '../commands/change-module.ts';
import { deleteModule } from '../commands/delete-module.ts';
import { setStatus } from '../commands/set-status.ts';
import { archiveRoutes } from '../lib/archive-routes.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeModule, modulePermissions, type ModuleTarget } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentGroup } from '../presenters/groups.ts';
import { presentFrozenTree, presentModule } from '../presenters/modules.ts';
import { page } from '../presenters/page.ts';
import { readModuleGroups } from '../queries/groups.ts';
import { findModule, listModules, readFrozenTree } from '../queries/modules.ts';
import type { ModuleRow } from '../queries/rows.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['modules'];

/** The database handle the app was built with (routes never import db/). */
type AppDb = FastifyInstance['deps']['database']['db'];

/** A module with its frozen tree (and its groups on request), as `actor` sees it. */
async function moduleDetail(
  db: AppDb,
  actor: Actor,
  module: ModuleRow,
  target: ModuleTarget,
  withGroups: boolean,
) {
  const tree = await readFrozenTree(db, module.id);
  const groups = withGroups ? await readModuleGroups(db, module.id) : undefined;
  return {
    ...presentModule(module, modulePermissions(actor, target)),
    ...presentFrozenTree(tree.blocks, tree.criteria),
    ...(groups
      ? { groups: groups.groups.map((group) => presentGroup(group, groups.instructors)) }
      : {}),
  };
}

export async function moduleRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

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
      const { total, rows, instructors } = await listModules(db(), actor, request.query);
      const results = rows.map((row) =>
        presentModule(
          row,
          modulePermissions(actor, {
            unitId: row.unitId,
            instructorProfileIds: instructors.get(row.id)!,
          }),
        ),
      );
      return page(request, request.query, total, results);
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
      return moduleDetail(db(), actor, module, target, request.query.with_groups ?? false);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: modulePatchBody, response: { 200: moduleDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const target = await authorizeModule(db(), actor, 'changeModuleInstance', request.params.id);
      const module = await findModule(db(), request.params.id);
      const updated = await changeModule(db(), actor, module, request.body);
      return moduleDetail(db(), actor, updated, target, false);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    await authorizeModule(db(), actor, 'changeModuleInstance', request.params.id);
    await deleteModule(db(), actor, await findModule(db(), request.params.id));
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: moduleDetailSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'OPEN' },
    async change(actor, id, action, status) {
      const target = await authorizeModule(db(), actor, 'archiveModuleInstance', id);
      const row = await findModule(db(), id);
      const updated = await setStatus(db(), actor, { entity: 'module', row, action, status });
      return moduleDetail(db(), actor, updated, target, false);
    },
  });
}
