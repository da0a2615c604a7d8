import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionsOf, PERMISSIONS } from '../../domain/permissions.ts';
import { rolesOf } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';

export const meResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  is_active: z.boolean(),
  is_data_processing_accepted: z.boolean(),
  language: z.string(),
  permissions: z.array(z.enum(PERMISSIONS as [string, ...string[]])),
  profile: z.number().int().nullable(),
});

export async function userRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/me/',
    { schema: { tags: ['users'], response: { 200: meResponse } } },
    async (request) => {
      const actor = requireActor(request);
      return {
        id: actor.userId,
        email: actor.email,
        is_active: true,
        is_data_processing_accepted: actor.isDataProcessingAccepted,
        language: actor.language,
        permissions: permissionsOf(rolesOf(actor)),
        profile: actor.profileId,
      };
    },
  );
}
