import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { permissionsOf, PERMISSIONS } from '../../domain/permissions.ts';
import { recordAudit } from '../auth/audit.ts';
import { users } from '../db/schema/index.ts';
import { rolesOf, type Actor } from '../policies/actor.ts';
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

/** The signed-in user as the web app needs it (a session exists only for an active user). */
export function presentMe(actor: Actor): z.infer<typeof meResponse> {
  return {
    id: actor.userId,
    email: actor.email,
    is_active: true,
    is_data_processing_accepted: actor.isDataProcessingAccepted,
    language: actor.language,
    permissions: permissionsOf(rolesOf(actor)),
    profile: actor.profileId,
  };
}

/** `/users/me/` and its data-processing consent; the other /users/ routes live in user-accounts.ts. */
export async function userRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/me/',
    {
      config: { access: 'beforeConsent' },
      schema: { tags: ['users'], response: { 200: meResponse } },
    },
    (request) => presentMe(requireActor(request)),
  );

  route.post(
    '/me/accept-data-processing/',
    {
      config: { access: 'beforeConsent' },
      schema: { tags: ['users'], response: { 200: meResponse } },
    },
    async (request) => {
      const actor = requireActor(request);
      const now = new Date();
      await db.transaction(async (tx) => {
        // the first consent is the one that counts; accepting again changes nothing
        const accepted = await tx
          .update(users)
          .set({ dataProcessingAcceptedAt: now, updatedAt: now })
          .where(and(eq(users.id, actor.userId), isNull(users.dataProcessingAcceptedAt)))
          .returning({ id: users.id });
        if (accepted.length)
          await recordAudit(
            tx,
            {
              actorUserId: actor.userId,
              action: 'accept_data_processing',
              entity: 'user',
              entityId: actor.userId,
              oldValue: { data_processing_accepted_at: null },
              newValue: { data_processing_accepted_at: now.toISOString() },
            },
            now,
          );
      });
      return presentMe({ ...actor, isDataProcessingAccepted: true });
    },
  );
}
