import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; any other GET outside /api answers index.html (client-side routes). */
export async function webApp(app: FastifyInstance, options: { root: string }) {
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    setHeaders(reply, filePath) {
      // hashed assets never change; index.html and the build manifest must always be fresh
      reply.header(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/'))
      return reply.sendFile('index.html');
    return reply.code(404).send({ detail: 'Not found' });
  });
}
