import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadKind } from '../../domain/schemas/read-log.ts';
import { progressionMapSchema, progressionQuery } from '../../domain/schemas/progression.ts';
import { exportLocale } from '../exports/format.ts';
import { progressionMapTitle } from '../exports/titles.ts';
import { authorizeModule } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { download, XLSX } from '../presenters/download.ts';
import { presentProgressionMap } from '../presenters/progression.ts';
import { readModuleGroups } from '../queries/groups.ts';
import { findModule } from '../queries/modules.ts';
import { readProgressionCriteria, readProgressionRows } from '../queries/progression.ts';

const params = z.object({ id: z.coerce.number().int().positive() });

type MapRequest = FastifyRequest<{
  Params: z.infer<typeof params>;
  Querystring: z.infer<typeof progressionQuery>;
}>;

/**
 * GET /modules/instances/{id}/progression/ and its spreadsheet: students × progression criteria
 * of a module (a training plan's map), for whoever sees the module, with the students whose
 * assessments they may read; each read goes to those students' read logs.
 */
export async function moduleProgressionRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  const loggedMap = async (request: MapRequest, kind: ReadKind) => {
    const actor = requireActor(request);
    const id = request.params.id;
    await authorizeModule(db(), actor, 'listModuleInstance', id);
    const [module, criteria, groups, rows] = await Promise.all([
      findModule(db(), id),
      readProgressionCriteria(db(), id),
      readModuleGroups(db(), id),
      readProgressionRows(db(), actor, id, request.query),
    ]);
    const map = presentProgressionMap(
      { id: module.id, name: module.name, module_type: module.moduleType },
      criteria,
      groups.groups.map((g) => ({ id: g.id, name: g.name })),
      rows,
      request.locale,
    );
    await app.readLog.record(
      db(),
      actor,
      kind,
      map.students.map((s) => ({ studentId: s.id, objectId: module.id })),
    );
    return map;
  };

  route.get(
    '/:id/progression/',
    {
      schema: {
        tags: ['modules'],
        params,
        querystring: progressionQuery,
        response: { 200: progressionMapSchema },
      },
    },
    (request) => loggedMap(request, 'progression_map'),
  );

  route.get(
    '/:id/progression/xlsx/',
    {
      config: { rateLimit: 'export' },
      schema: {
        tags: ['exports'],
        params,
        querystring: progressionQuery,
        produces: [XLSX],
        summary: 'The progression map as a spreadsheet',
      },
    },
    async (request, reply) => {
      const map = await loggedMap(request, 'progression_map_xlsx');
      const l = exportLocale(request.locale);
      const file = await app.exports.render({
        kind: 'progression-xlsx',
        locale: l.locale,
        now: new Date().toISOString(),
        map,
      });
      return download(reply, XLSX, `${progressionMapTitle(l, map)}.xlsx`).send(file);
    },
  );
}
