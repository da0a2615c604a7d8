import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';

const params = z.object({ id: z.coerce.number().int().positive() });

/** `POST /:id/archive/` and `POST /:id/unarchive/`: the status each sets, and how it is set. */
export function archiveRoutes<S extends string, Out extends z.ZodType>(
  app: FastifyInstance,
  options: {
    tags: string[];
    response: Out;
    statuses: { archive: S; unarchive: S };
    change: (
      actor: Actor,
      id: number,
      action: 'archive' | 'unarchive',
      status: S,
    ) => Promise<z.input<Out>>;
  },
) {
  for (const action of ['archive', 'unarchive'] as const) {
    // typed here, validated and serialised by the zod compilers like every route
    app.post<{ Params: z.output<typeof params> }>(
      `/:id/${action}/`,
      { schema: { tags: options.tags, params, response: { 200: options.response } } },
      async (request) =>
        options.change(requireActor(request), request.params.id, action, options.statuses[action]),
    );
  }
}
