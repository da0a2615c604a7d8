import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { profiles, users } from '../db/schema/index.ts';
import { consumeToken, findLiveToken } from '../auth/one-time-tokens.ts';
import { inviteProfile } from '../commands/invite-profile.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { badRequest } from '../lib/errors.ts';
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
      const result = await database.db.transaction(async (tx) => {
        const { result, mail } = await inviteProfile(tx, actor, request.body, origin);
        await enqueueMail(tx, 'invitation', mail);
        return result;
      });
      app.outbox.wake();
      return result;
    },
  );

  /**
   * Public: who the invitation is for. While the login has no password the token stays valid and
   * is returned, for /set-password?user=…&token=… (the password reset then uses it up);
   * otherwise the invitation is used up here and the person signs in.
   */
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
    async (request) => {
      const { db } = database;
      const { token } = request.body;
      const row = await findLiveToken(db, token, ['INVITATION']);
      const [found] = row
        ? await db
            .select({ user: users, profileId: profiles.id })
            .from(users)
            .innerJoin(profiles, eq(profiles.userId, users.id))
            .where(eq(users.id, row.userId))
        : [];
      if (!row || row.unitId == null || !found || !found.user.isActive)
        throw badRequest('token', 'invalidInvitation');
      const result = { profile: found.profileId, unit: row.unitId, user: found.user.id };
      if (found.user.passwordHash === null) return { ...result, token };
      await consumeToken(db, row.id);
      return result;
    },
  );
}
