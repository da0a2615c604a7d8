import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { namedRows } from '../db/named-query.ts';
import { assessmentPdf, assessmentTitle } from '../exports/assessment-pdf.ts';
import { attachment, exportLocale } from '../exports/format.ts';
import { gradeSummaryPdf, gradeSummaryTitle } from '../exports/grade-summary-pdf.ts';
import { gradeSummaryXlsx } from '../exports/grade-summary-xlsx.ts';
import { requireActor } from '../policies/require-actor.ts';
import { readAssessment } from './assessments.ts';
import { readGradeSummary } from './grade-summary.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['exports'];
const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The instructors of the assessment's group, by name; one query. */
async function instructorNames(q: Queryable, assessmentId: number) {
  const rows = await namedRows<{ name: string }>(
    q,
    'export_instructors',
    sql`select p.first_name || ' ' || p.last_name as name
    from group_instructors gi join profiles p on p.id = gi.instructor_id
    where gi.group_id = (select group_id from assessments where id = ${assessmentId})
    order by p.last_name, p.first_name, p.id`,
  );
  return rows.map((row) => row.name);
}

/** A download: its type, its localized name, never kept by a shared cache (personal data). */
const download = (reply: FastifyReply, type: string, name: string) =>
  reply
    .type(type)
    .header('content-disposition', attachment(name))
    .header('cache-control', 'private, no-store');

/**
 * GET /assessments/{id}/pdf/, /profiles/{id}/grade-summary/pdf/ and …/xlsx/: the assessment and
 * the grade summary as files in the request's language, for whoever may read them (else 404).
 * They reuse the reads of the JSON answers: the same checks, the same constant number of queries.
 */
export async function exportRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/assessments/:id/pdf/',
    {
      config: { rateLimit: 'export' },
      schema: { tags, params, produces: [PDF], summary: 'The assessment as a PDF' },
    },
    async (request, reply) => {
      const id = request.params.id;
      // the instructors are read alongside the checked detail and dropped when the check fails
      const [detail, instructors] = await Promise.all([
        readAssessment(db(), requireActor(request), id),
        instructorNames(db(), id),
      ]);
      const l = exportLocale(request.locale);
      const doc = assessmentPdf(l, detail, instructors, new Date());
      return download(reply, PDF, `${assessmentTitle(l, detail)}.pdf`).send(doc);
    },
  );

  route.get(
    '/profiles/:id/grade-summary/pdf/',
    {
      config: { rateLimit: 'export' },
      schema: { tags, params, produces: [PDF], summary: 'The grade summary as a PDF' },
    },
    async (request, reply) => {
      const summary = await readGradeSummary(db(), requireActor(request), request.params.id);
      const l = exportLocale(request.locale);
      const doc = gradeSummaryPdf(l, summary, new Date());
      return download(reply, PDF, `${gradeSummaryTitle(l, summary)}.pdf`).send(doc);
    },
  );

  route.get(
    '/profiles/:id/grade-summary/xlsx/',
    {
      config: { rateLimit: 'export' },
      schema: { tags, params, produces: [XLSX], summary: 'The grade summary as a spreadsheet' },
    },
    async (request, reply) => {
      const summary = await readGradeSummary(db(), requireActor(request), request.params.id);
      const l = exportLocale(request.locale);
      const file = await gradeSummaryXlsx(l, summary, new Date());
      return download(reply, XLSX, `${gradeSummaryTitle(l, summary)}.xlsx`).send(file);
    },
  );
}
