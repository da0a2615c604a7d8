import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the environment's name for the web app's environment chip (APP_ENV). */
const withAppEnv = (html: string, appEnv: string) =>
  html.replace('</head>', `<meta name="app-env" content="${escapeAttribute(appEnv)}" />\n</head>`);

/**
 * Serves the built web app; any other GET or HEAD outside /api answers index.html (client-side
 * routes),
 * carrying APP_ENV in a meta tag. Hashed assets are cached for good; index.html, the build
 * manifest and the messages are revalidated on every load so a new build is seen at once. Each
 * file goes out in the brotli or gzip form the build made of it, as the browser accepts.
 */
export async function webApp(app: FastifyInstance, options: { root: string }) {
  const appEnv = app.deps.config.APP_ENV;
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
  const sendIndex = async (reply: FastifyReply) => {
    const html = await readFile(indexFile, 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withAppEnv(html, appEnv));
  };
  // HEAD answers like GET (monitors and link checkers ask with it); Node sends no body for it
  const isPageRequest = (method: string) => method === 'GET' || method === 'HEAD';
  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request.method) && !request.url.startsWith('/api/')) return sendIndex(reply);
    return reply.code(404).send({ detail: 'Not found' });
  });
}
