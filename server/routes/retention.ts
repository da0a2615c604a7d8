import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { erasableStudent } from '../../domain/schemas/retention.ts';
import { requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { page } from '../presenters/page.ts';
import { readErasable, retentionCutoff } from '../queries/retention.ts';

/** GET /retention/: the students an admin may erase, their retention having run out. */
export async function retentionRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/',
    {
      schema: {
        tags: ['profiles'],
        querystring: z.object(pagingQuery),
        response: {
          200: pageSchema(erasableStudent).extend({
            retention_years: z.number().int(),
            cutoff: z.string(),
          }),
        },
      },
    },
    async (request) => {
      requirePermission(requireActor(request), 'eraseProfile');
      const years = app.deps.config.RETENTION_YEARS;
      const cutoff = retentionCutoff(years, new Date());
      const rows = await readErasable(db(), cutoff);
      const { limit, offset } = request.query;
      const results = rows.slice(offset, offset + limit).map((row) => ({
        ...row,
        last_end: String(row.last_end),
      }));
      return {
        ...page(request, request.query, rows.length, results),
        retention_years: years,
        cutoff,
      };
    },
  );
}
