import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { readLogEntry } from '../../domain/schemas/read-log.ts';
import { authorizeReadLog } from '../policies/read-log.ts';
import { requireActor } from '../policies/require-actor.ts';
import { page } from '../presenters/page.ts';
import { presentRead } from '../presenters/read-log.ts';
import { readReadLog } from '../queries/read-log.ts';

/** GET /profiles/{id}/read-log/: who read the student's grades, when and what (under /profiles). */
export async function readLogRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/:id/read-log/',
    {
      schema: {
        tags: ['profiles'],
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(readLogEntry) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await authorizeReadLog(db(), actor, request.params.id);
      const { count, rows } = await readReadLog(db(), request.params.id, request.query);
      return page(request, request.query, count, rows.map(presentRead));
    },
  );
}
