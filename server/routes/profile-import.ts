import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importBody } from '../../domain/schemas/profile-import.ts';
import { importProfiles } from '../commands/import-profiles.ts';
import { requireActor } from '../policies/require-actor.ts';

/** POST /profiles/import/ (commands/import-profiles.ts): 200 for a dry run, 201 once created. */
export async function profileImportRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/import/',
    {
      config: { rateLimit: 'import' },
      schema: {
        tags: ['profiles'],
        body: importBody,
        response: {
          200: z.object({ valid: z.number().int() }),
          201: z.object({ created: z.array(z.number().int()) }),
        },
      },
    },
    async (request, reply) => {
      const result = await importProfiles(
        app.deps.database.db,
        requireActor(request),
        request.body,
      );
      return reply.code('created' in result ? 201 : 200).send(result);
    },
  );
}
