import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_COOKIE, type Locale } from '../../domain/constants.ts';
import { localeFromAcceptLanguage } from '../i18n/locale.ts';
import type { Actor } from '../policies/actor.ts';
import { checkCsrf, ensureCsrfCookie } from './csrf.ts';
import { clearSessionCookies, setSignedInHint } from './session-cookies.ts';
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
    const sessionId = request.cookies[SESSION_COOKIE];
    const isApi = request.url.startsWith('/api/');
    // pages and calls only: built files are cached for good, and shared caches must not keep a cookie
    if (!isApi && !request.headers.accept?.includes('text/html')) return;
    // a session from before the hint existed gets it on its next page or call
    if (sessionId && !request.cookies[SIGNED_IN_COOKIE]) setSignedInHint(reply, secure);
    // a page gives the token its forms will echo: an anonymous start makes no API call before them
    ensureCsrfCookie(request, reply, secure);
    if (!isApi) {
      // the page names the signed-in visitor's profile (lib/start-hints.ts); a session that cannot
      // be read now is left to the app's own first call, which says why
      if (sessionId)
        request.actor = await actorOfSession(database.db, config, sessionId).catch(() => null);
      return;
    }
    checkCsrf(request, config.APP_ORIGIN);
    if (sessionId) {
      request.actor = await actorOfSession(database.db, config, sessionId);
      if (!request.actor) clearSessionCookies(reply, secure);
    }
  });
});
