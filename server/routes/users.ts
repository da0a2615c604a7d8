import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionsOf } from '../../domain/permissions.ts';
import { meSchema, ownSessionSchema, userSchema } from '../../domain/schemas/users.ts';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../auth/own-sessions.ts';
import { acceptDataProcessing } from '../commands/accept-data-processing.ts';
import { registerUser } from '../commands/register-user.ts';
import { setUserActive } from '../commands/set-user-active.ts';
import { changeOwnLanguage } from '../commands/change-own-language.ts';
import { LOCALES } from '../../domain/constants.ts';
import { rolesOf, type Actor } from '../policies/actor.ts';
import { loadUser } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentMe, presentUser } from '../presenters/user.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const registerBody = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  profile: z.number().int().positive(),
  password: z.string().max(1024).optional(),
});
const tags = ['users'];

const me = (actor: Actor) => presentMe(actor, permissionsOf(rolesOf(actor)));

/**
 * Logins: the signed-in user (`/me/`, with the data-processing consent, and their sessions) and
 * other people's.
 */
export async function userRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/me/',
    { config: { access: 'beforeSecondFactor' }, schema: { tags, response: { 200: meSchema } } },
    (request) => me(requireActor(request)),
  );

  route.patch(
    '/me/',
    {
      // the personal area is open before the consent, not before the second factor
      config: { access: 'beforeConsent' },
      schema: {
        tags,
        body: z.strictObject({ language: z.enum(LOCALES) }),
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await changeOwnLanguage(db(), actor, request.body.language);
      return me({ ...actor, language: request.body.language });
    },
  );

  route.post(
    '/me/accept-data-processing/',
    { config: { access: 'beforeConsent' }, schema: { tags, response: { 200: meSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await acceptDataProcessing(db(), actor);
      return me({ ...actor, isDataProcessingAccepted: true });
    },
  );

  // the personal area is reachable before consent: sessions too
  const beforeConsent = { access: 'beforeConsent' } as const;

  route.get(
    '/me/sessions/',
    { config: beforeConsent, schema: { tags, response: { 200: z.array(ownSessionSchema) } } },
    (request) => listOwnSessions(db(), app.deps.config, requireActor(request)),
  );

  route.delete(
    '/me/sessions/:id/',
    {
      config: beforeConsent,
      schema: {
        tags,
        params: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endOwnSession(db(), app.deps.config, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/me/sessions/end_others/',
    { config: beforeConsent, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await endOtherSessions(db(), requireActor(request));
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/register/',
    { schema: { tags, body: registerBody, response: { 201: z.object({ id: z.number().int() }) } } },
    async (request, reply) => {
      const created = await registerUser(db(), requireActor(request), request.body);
      return reply.code(201).send(created);
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: userSchema } } },
    async (request) => {
      const { user, profileId } = await loadUser(db(), requireActor(request), request.params.id);
      return presentUser(user, profileId);
    },
  );

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
      const { user, profileId } = await loadUser(db(), actor, request.params.id, 'changeUser');
      const { is_active: isActive } = request.body;
      const after =
        isActive === undefined ? user : await setUserActive(db(), actor, user, isActive);
      return presentUser(after, profileId);
    },
  );
}
