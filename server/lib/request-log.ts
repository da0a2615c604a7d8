import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// query parameters whose value is a secret (reset and invitation links)
const SECRET_PARAMS = /([?&](?:token|password|key|code)=)[^&#]*/gi;

/** The URL as it may appear in a log: secrets in the query replaced. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * One structured line per request once answered: method, url, status, duration and the signed-in
 * user's id. Headers and bodies are never logged (cookies, CSRF tokens, passwords).
 * Use with Fastify's `disableRequestLogging: true`.
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
