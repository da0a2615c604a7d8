import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema/index.ts';
import { destroyUserSessions } from '../auth/sessions.ts';
import { recordAudit } from '../commands/audit.ts';
import { registerUser } from '../commands/register-user.ts';
import { badRequest } from '../lib/errors.ts';
import { loadUser } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { auditedUser, presentUser, userSchema } from '../presenters/user.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const registerBody = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  profile: z.number().int().positive(),
  password: z.string().max(1024).optional(),
});

/** Logins of other people: read, (de)activate, register. `/users/me/` lives in users.ts. */
export async function userAccountRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  route.post(
    '/register/',
    { schema: { tags, body: registerBody, response: { 201: z.object({ id: z.number().int() }) } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await db.transaction((tx) => registerUser(tx, actor, request.body));
      return reply.code(201).send(created);
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: userSchema } } },
    async (request) => {
      const { user, profileId } = await loadUser(db, requireActor(request), request.params.id);
      return presentUser(user, profileId);
    },
  );

  // deactivating a login ends all its sessions at once
  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ is_active: z.boolean().optional() }),
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return db.transaction(async (tx) => {
        const { user, profileId } = await loadUser(tx, actor, request.params.id, 'changeUser');
        const { is_active: isActive } = request.body;
        if (isActive === undefined || isActive === user.isActive)
          return presentUser(user, profileId);
        if (!isActive && user.id === actor.userId)
          throw badRequest('is_active', 'cannotDeactivateSelf');
        const [after] = await tx
          .update(users)
          .set({ isActive, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        if (!isActive) await destroyUserSessions(tx, user.id);
        await recordAudit(tx, actor, {
          action: isActive ? 'activate' : 'deactivate',
          entity: 'user',
          entityId: user.id,
          oldValue: auditedUser(user),
          newValue: auditedUser(after!),
        });
        return presentUser(after!, profileId);
      });
    },
  );
}
