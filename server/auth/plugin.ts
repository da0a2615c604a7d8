import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '../../domain/constants.ts';
import { localeFromAcceptLanguage } from '../i18n/locale.ts';
import type { Actor } from '../policies/actor.ts';
import { checkCsrf, ensureCsrfCookie } from './csrf.ts';
import { actorOfSession, SESSION_COOKIE } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    actor: Actor | null;
  }
}

/** Sets the request's language and actor, and refuses unsafe requests without a valid CSRF token. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app.deps;
  const secure = config.APP_ORIGIN?.startsWith('https:') ?? false;
  app.decorateRequest('locale', 'fr');
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    if (!request.url.startsWith('/api/')) return;
    ensureCsrfCookie(request, reply, secure);
    checkCsrf(request, config.APP_ORIGIN);
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      request.actor = await actorOfSession(database.db, config, sessionId);
      if (!request.actor) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  });
});
