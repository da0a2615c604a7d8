import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };

/** GET /api/about/: the running version. */
export async function aboutRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/about/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['about'],
        summary: 'The running version',
        response: { 200: z.object({ version: z.string() }) },
      },
    },
    async () => ({ version: packageJson.version }),
  );
}
