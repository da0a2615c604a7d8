import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { databaseUnavailable } from '../lib/errors.ts';

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
      if (await databaseAnswers(app)) return { status: 'ok' as const };
      throw databaseUnavailable();
    },
  );
}

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  const check = app.deps.database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
