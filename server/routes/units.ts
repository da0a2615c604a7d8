import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { unitBody, unitSchema } from '../../domain/schemas/units.ts';
import { changeUnit, createUnit } from '../commands/save-unit.ts';
import { loadUnit, requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { page } from '../presenters/page.ts';
import { presentUnit } from '../presenters/unit.ts';
import { listUnits } from '../queries/units.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['units'];

/** Units: ADMIN everywhere; everybody else reads the units they hold an assignment in. */
export async function unitRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...pagingQuery, search: z.string().max(100).optional() }),
        response: { 200: pageSchema(unitSchema) },
      },
    },
    async (request) => {
      const { total, rows } = await listUnits(db(), requireActor(request), request.query);
      return page(request, request.query, total, rows.map(presentUnit));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: unitSchema } } },
    async (request) => presentUnit(await loadUnit(db(), requireActor(request), request.params.id)),
  );

  route.post(
    '/',
    { schema: { tags, body: unitBody, response: { 201: unitSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addUnit');
      const created = await createUnit(db(), actor, request.body);
      return reply.code(201).send(presentUnit(created));
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params: idParams, body: unitBody.partial(), response: { 200: unitSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const before = await loadUnit(db(), actor, request.params.id, 'changeUnit');
      return presentUnit(await changeUnit(db(), actor, before, request.body));
    },
  );
}
