import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '../../domain/schemas/page.ts';
import {
  notificationPreferencesPatch,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsQuery,
  unreadCountSchema,
  unsubscribeBody,
  unsubscribedSchema,
} from '../../domain/schemas/notifications.ts';
import {
  changePreferences,
  readPreferences,
  unsubscribe,
} from '../commands/notification-preferences.ts';
import { markAllNotificationsRead, markNotificationRead } from '../commands/read-notifications.ts';
import { forbidden } from '../lib/errors.ts';
import { rolesOf, type Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentNotification } from '../presenters/notifications.ts';
import { page } from '../presenters/page.ts';
import { countUnread, readInbox } from '../queries/notifications.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['notifications'];

/** The profile whose inbox the actor reads: their own; a login without a profile has none. */
const recipientOf = (actor: Actor) => actor.profileId ?? 0;

/**
 * The signed-in person's inbox (`/notifications/`): list, unread count for the bell, mark read,
 * mark all read; and the unsubscribe link of a mail, followed without signing in.
 */
export async function notificationRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: notificationsQuery,
        response: { 200: pageSchema(notificationSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { unread = false, limit, offset } = request.query;
      const inbox = await readInbox(db(), recipientOf(actor), { unread, limit, offset });
      return page(request, request.query, inbox.count, inbox.rows.map(presentNotification));
    },
  );

  route.get(
    '/unread-count/',
    { schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => ({ unread: await countUnread(db(), recipientOf(requireActor(request))) }),
  );

  route.post(
    '/:id/read/',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await markNotificationRead(db(), recipientOf(requireActor(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/read-all/',
    { schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await markAllNotificationsRead(db(), recipientOf(requireActor(request)));
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/unsubscribe/',
    {
      config: { access: 'public', rateLimit: 'unsubscribe' },
      schema: { tags, body: unsubscribeBody, response: { 200: unsubscribedSchema } },
    },
    async (request) => ({ kind: await unsubscribe(db(), request.body.token) }),
  );
}

/**
 * GET and PATCH /users/me/notification-preferences/: how often mail comes, for each kind the
 * person's roles can receive.
 */
export async function notificationPreferenceRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const response = { 200: notificationPreferencesSchema };

  route.get(
    '/me/notification-preferences/',
    { config: { access: 'beforeConsent' }, schema: { tags, response } },
    async (request) => {
      const actor = requireActor(request);
      return readPreferences(db(), recipientOf(actor), rolesOf(actor));
    },
  );

  route.patch(
    '/me/notification-preferences/',
    {
      config: { access: 'beforeConsent' },
      schema: { tags, body: notificationPreferencesPatch, response },
    },
    async (request) => {
      const actor = requireActor(request);
      if (actor.profileId === null) throw forbidden();
      return changePreferences(db(), actor.profileId, rolesOf(actor), request.body);
    },
  );
}
