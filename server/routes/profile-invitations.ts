import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateUnitInvitation } from '../auth/unit-invitation.ts';
import { inviteProfile } from '../commands/invite-profile.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { requireActor } from '../policies/require-actor.ts';

const id = z.number().int().positive();
const invitationResult = z.object({ profile: id, unit: id, user: id });

/** Inviting a profile to a unit, and the public check of the invitation link. */
export async function profileInvitationRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  route.post(
    '/invite/',
    {
      config: { rateLimit: 'invitation' },
      schema: {
        tags,
        body: z.object({ profile: id, unit: id }),
        response: { 200: invitationResult },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const origin = publicOrigin(config, request);
      const result = await inviteProfile(database.db, actor, request.body, origin);
      app.outbox.wake();
      return result;
    },
  );

  // public: who the invitation is for (auth/unit-invitation.ts)
  route.post(
    '/validate_unit_invitation/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: invitationResult.extend({ token: z.string().optional() }) },
      },
    },
    async (request) => validateUnitInvitation(database.db, request.body.token),
  );
}
