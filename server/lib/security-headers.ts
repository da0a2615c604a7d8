import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from './openapi.ts';

/** The web app's pages: CSP without inline script, no framing, nosniff, HSTS behind HTTPS. */
function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, computed once: they depend on the configuration
 * only, and building them on every request (as @fastify/helmet does) cost a third of the CPU
 * of a cheap call such as the grade summary.
 */
function pageHeaderValues(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  helmet(helmetOptions(https))({} as never, response as never, () => {});
  return headers;
}

/**
 * An API answer (JSON, or a file to download) is never a page: it may load nothing, be framed
 * nowhere, be read by no other site, and is never cached (a download may say more). The short
 * set the OWASP REST guide asks for: the page headers' other half-dozen concern documents only,
 * and cost each answer 363 bytes on the wire and 1.7 KB of garbage (a twentieth of `/users/me/`'s).
 */
function apiHeaderValues(page: Record<string, string>): Record<string, string> {
  const hsts = page['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/** The pages served under /api/: the changelog, the API explorer and its files. */
const isApiPage = (url: string) =>
  url === '/api/changelog/' || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/** The page headers on the web app and on the pages under /api/, the API's on every other answer. */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const https = app.deps.config.APP_ORIGIN?.startsWith('https:') ?? false;
  const pageHeaders = pageHeaderValues(https);
  const apiHeaders = apiHeaderValues(pageHeaders);
  const apiPageHeaders = { ...pageHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
  // a page under /api/ takes the page headers over the API's (route hooks run after this one)
  const asPage = (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(apiPageHeaders);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (isApiPage(route.url)) route.onRequest = [...[route.onRequest ?? []].flat(), asPage];
  });
});
