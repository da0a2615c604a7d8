import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from './escape-html.ts';
import { inVisitorsLanguage, readLoadingText } from './start-screen.ts';
import {
  readStartDescription,
  startHints,
  startProfileOf,
  visitLocale,
  type Visit,
} from './start-hints.ts';

/** The environment's name for the web app's environment chip (APP_ENV). */
const appEnvMeta = (appEnv: string) => `<meta name="app-env" content="${escapeHtml(appEnv)}" />`;

const withHead = (html: string, tags: string[]) =>
  html.replace('</head>', `${tags.join('\n')}\n</head>`);

/**
 * Serves the built web app; any other GET or HEAD outside /api answers index.html (client-side
 * routes) in the visitor's language (lib/start-screen.ts), carrying APP_ENV in a meta tag and the
 * start hints of the visit (lib/start-hints.ts).
 * Hashed assets are cached for good; index.html (by the browser only), the build manifest and
 * the messages are revalidated on every load, and index.html and the hints are read at each page,
 * so a new build is seen at once. Each file goes out in the brotli or gzip form the build made of
 * it, as the browser accepts.
 */
export async function webApp(app: FastifyInstance, options: { root: string }) {
  const envMeta = appEnvMeta(app.deps.config.APP_ENV);
  const indexFile = path.join(options.root, 'index.html');
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    // the build writes a .br and a .gz beside each text file (web/vite.config.ts, precompress)
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const visit: Visit = {
      pathname: request.url.split('?')[0]!,
      cookies: request.cookies,
      acceptLanguage: request.headers['accept-language'],
      profile: startProfileOf(request.actor),
    };
    const locale = visitLocale(visit);
    const [html, build, loading] = await Promise.all([
      readFile(indexFile, 'utf8'),
      readStartDescription(options.root),
      readLoadingText(options.root, locale),
    ]);
    const page = inVisitorsLanguage(html, locale, loading);
    // a signed-in visitor's page names their profile: for their browser only
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie, accept-language')
      .type('text/html; charset=utf-8')
      .send(withHead(page, [envMeta, startHints(build, visit)]));
  };
  // HEAD answers like GET (monitors and link checkers ask with it); Node sends no body for it
  const isPageRequest = (method: string) => method === 'GET' || method === 'HEAD';
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request.method) && !request.url.startsWith('/api/'))
      return sendIndex(request, reply);
    return reply.code(404).send({ detail: 'Not found' });
  });
}
