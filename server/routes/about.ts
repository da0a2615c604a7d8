import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };

export async function aboutRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/about/',
      { schema: { tags: ['about'], response: { 200: z.object({ version: z.string() }) } } },
      async () => ({ version: packageJson.version }),
    );
}
