import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import { presentChangelogPage } from '../presenters/changelog-page.ts';

const CHANGELOG = path.resolve(import.meta.dirname, '..', '..', 'CHANGELOG.md');

/** GET /api/changelog/: CHANGELOG.md as a readable page (HTML, or the Markdown on request). */
export async function changelogRoutes(app: FastifyInstance) {
  app.get(
    '/changelog/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['about'],
        summary: 'The changelog as an HTML page',
        produces: ['text/html', 'text/markdown'],
      },
    },
    async (request, reply) => {
      const markdown = await readFile(CHANGELOG, 'utf8');
      if (request.headers.accept?.startsWith('text/markdown')) {
        return reply.type('text/markdown; charset=utf-8').send(markdown);
      }
      // the changelog is our own file, but never let raw HTML in it through
      const body = await marked.parse(markdown.replace(/</g, '&lt;'), { gfm: true });
      return reply
        .type('text/html; charset=utf-8')
        .send(presentChangelogPage(request.locale, body));
    },
  );
}
