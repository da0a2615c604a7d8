import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gradeSummarySchema } from '../../domain/schemas/grade-summary.ts';
import { exportLocale } from '../exports/format.ts';
import { gradeSummaryTitle } from '../exports/titles.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeGradeSummary } from '../policies/grade-summary.ts';
import { requireActor } from '../policies/require-actor.ts';
import { download, PDF, XLSX } from '../presenters/download.ts';
import { presentGradeSummary } from '../presenters/grade-summary.ts';
import { readGradeSummaryRows } from '../queries/grade-summary.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['grade summary'];

/** The database handle the app was built with (routes never import db/). */
type AppDb = FastifyInstance['deps']['database']['db'];

/** The student's grade summary as `actor` may read it, or 404 (also behind its exports). */
async function readableGradeSummary(db: AppDb, actor: Actor, studentId: number) {
  // the check and the rows in one round trip; the rows are dropped when the check fails
  const [access, included] = await Promise.all([
    authorizeGradeSummary(db, actor, studentId),
    readGradeSummaryRows(db, studentId, false),
  ]);
  const rows = access.validatedOnly
    ? included.filter((row) => row.status !== 'IN_PROGRESS')
    : included;
  return presentGradeSummary(access.student, rows);
}

/**
 * GET /profiles/{id}/grade-summary/ and its PDF and xlsx (registered under /profiles): the files
 * in the request's language, with the same check and the same queries as the JSON answer.
 */
export async function gradeSummaryRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/:id/grade-summary/',
    { schema: { tags, params, response: { 200: gradeSummarySchema } } },
    async (request) => readableGradeSummary(db(), requireActor(request), request.params.id),
  );

  route.get(
    '/:id/grade-summary/pdf/',
    {
      config: { rateLimit: 'export' },
      schema: { tags: ['exports'], params, produces: [PDF], summary: 'The grade summary as a PDF' },
    },
    async (request, reply) => {
      const summary = await readableGradeSummary(db(), requireActor(request), request.params.id);
      const l = exportLocale(request.locale);
      const now = new Date().toISOString();
      const file = await app.exports.render({
        kind: 'grade-summary-pdf',
        locale: l.locale,
        now,
        summary,
      });
      return download(reply, PDF, `${gradeSummaryTitle(l, summary)}.pdf`).send(file);
    },
  );

  route.get(
    '/:id/grade-summary/xlsx/',
    {
      config: { rateLimit: 'export' },
      schema: {
        tags: ['exports'],
        params,
        produces: [XLSX],
        summary: 'The grade summary as a spreadsheet',
      },
    },
    async (request, reply) => {
      const summary = await readableGradeSummary(db(), requireActor(request), request.params.id);
      const l = exportLocale(request.locale);
      const now = new Date().toISOString();
      const file = await app.exports.render({
        kind: 'grade-summary-xlsx',
        locale: l.locale,
        now,
        summary,
      });
      return download(reply, XLSX, `${gradeSummaryTitle(l, summary)}.xlsx`).send(file);
    },
  );
}
