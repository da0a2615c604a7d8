import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signIn } from '../auth/login.ts';
import { changePassword } from '../auth/password-change.ts';
import { checkPasswordToken, requestPasswordReset, resetPassword } from '../auth/password-reset.ts';
import { clearSessionCookies, setSessionCookies } from '../auth/session-cookies.ts';
import { actorOfSession, destroySession, SESSION_COOKIE } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { translate } from '../i18n/index.ts';
import { permissionsOf } from '../../domain/permissions.ts';
import { meSchema } from '../../domain/schemas/users.ts';
import { rolesOf } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentMe } from '../presenters/user.ts';
import { confirmEmailChange } from '../auth/email-change.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_LIFETIME_MS } from '../auth/trusted-devices.ts';
import { publicOrigin } from '../lib/public-origin.ts';

const email = z.string().trim().min(1).max(254);
/** The policy (12 to 128 characters…) is checked after parsing, with its own messages. */
const password = z.string().min(1).max(1024);

const loginBody = z.object({ email, password });
const passwordResetRequestBody = z.object({ email: email.pipe(z.email()) });
const passwordResetBody = z.object({
  password,
  token: z.string().min(1).max(200),
  user: z.number().int().positive(),
});
const passwordChangeBody = z.object({
  current_password: password,
  new_password: password,
});
const detailResponse = z.object({ detail: z.string() });

export async function authRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const db = database.db;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const isHttps = (request: FastifyRequest) =>
    config.APP_ORIGIN?.startsWith('https:') ?? request.protocol === 'https';

  route.post(
    '/login/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: meSchema } },
    },
    async (request, reply) => {
      const previous = request.cookies[SESSION_COOKIE];
      const { sessionId, newDeviceToken } = await signIn(db, {
        ...request.body,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionIdHash: previous ? hashToken(previous) : undefined,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      const cookie = { httpOnly: true, sameSite: 'lax', secure: isHttps(request) } as const;
      setSessionCookies(reply, sessionId, cookie.secure);
      if (newDeviceToken)
        reply.setCookie(DEVICE_COOKIE, newDeviceToken, {
          ...cookie,
          path: DEVICE_COOKIE_PATH,
          maxAge: DEVICE_LIFETIME_MS / 1000,
        });
      const actor = await actorOfSession(db, config, sessionId);
      return presentMe(actor!, permissionsOf(rolesOf(actor!)));
    },
  );

  route.post(
    '/logout/',
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      if (request.actor) await destroySession(db, request.actor.sessionIdHash);
      clearSessionCookies(reply, isHttps(request));
      return reply.code(204).send();
    },
  );

  route.post(
    '/password-reset-request/',
    {
      config: { access: 'public', rateLimit: 'passwordReset' },
      schema: { tags: ['auth'], body: passwordResetRequestBody, response: { 200: detailResponse } },
    },
    async (request) => {
      await requestPasswordReset(db, {
        email: request.body.email,
        origin: publicOrigin(config, request),
      });
      app.outbox.wake();
      return { detail: translate(request.locale, 'passwordResetRequested') };
    },
  );

  route.post(
    '/email-change/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirms a new address from the link mailed to it',
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await confirmEmailChange(db, request.body.token);
      return { detail: translate(request.locale, 'emailChangeConfirmed') };
    },
  );

  route.post(
    '/password-reset/check/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a set-password link may still be used (the token stays unused)',
        body: passwordResetBody.omit({ password: true }),
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (request) => {
      await checkPasswordToken(db, { userId: request.body.user, token: request.body.token });
      return { valid: true as const };
    },
  );

  route.post(
    '/password-reset/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: passwordResetBody, response: { 200: detailResponse } },
    },
    async (request, reply) => {
      const { user, token, password } = request.body;
      await resetPassword(db, { userId: user, token, password });
      // the browser's own session ended with all the others of that user
      if (request.actor?.userId === user) clearSessionCookies(reply, isHttps(request));
      return { detail: translate(request.locale, 'passwordResetDone') };
    },
  );

  route.post(
    '/password-change/',
    {
      // the personal area is open before the consent
      config: { access: 'beforeConsent' },
      schema: { tags: ['auth'], body: passwordChangeBody, response: { 200: detailResponse } },
      // signed out is 401 before any body check
      onRequest: async (request) => void requireActor(request),
    },
    async (request) => {
      const actor = requireActor(request);
      await changePassword(db, actor, {
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        address: request.ip,
      });
      return { detail: translate(request.locale, 'passwordChanged') };
    },
  );
}
