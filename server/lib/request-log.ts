import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const QUERY_VALUES = /([?&][^=&#]*)=[^&#]*/g;

/**
 * The URL as it may appear in a log: its path and the names of its query parameters, every value
 * replaced, since a query holds search terms (names), addresses and tokens.
 */
export function loggableUrl(url: string): string {
  return url.replace(QUERY_VALUES, '$1=…');
}

/**
 * One structured line per request once answered: method, url, status, duration and the signed-in
 * user's id. Headers and bodies are never logged (cookies, CSRF tokens, passwords).
 * Use with Fastify's own request logging off (`new LogController({ disableRequestLogging: true })`).
 */
export const requestLog = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      status,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      user_id: request.actor?.userId ?? null,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
  });
});
