import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseUnavailable } from '../lib/errors.ts';
import { databaseAnswers } from '../queries/database-answers.ts';

/** A load balancer waits no longer than this for the answer of a readiness check. */
const DATABASE_CHECK_MS = 1500;

/**
 * GET /api/health/: readiness. 200 when the database answers, 503 when not, so a load balancer
 * sends no one to a process that cannot serve them. `/api/about/` stays the liveness check.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['about'],
        summary: 'Readiness: whether the database answers',
        // 503 is the error answer of every route while the database is away: {code, detail}
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      if (await databaseAnswers(app.deps.database.db, DATABASE_CHECK_MS))
        return { status: 'ok' as const };
      throw databaseUnavailable();
    },
  );
}
