import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALE_REGIONS, type Locale } from '../../domain/constants.ts';
import type { ReadKind } from '../../domain/schemas/read-log.ts';
import {
  cohortGradeSummariesSchema,
  cohortZipQuery,
  gradeSummarySchema,
} from '../../domain/schemas/grade-summary.ts';
import { cohortZipEntries } from '../exports/cohort-zip.ts';
import { exportLocale } from '../exports/format.ts';
import { gradeSummaryTitle } from '../exports/titles.ts';
import { zipStream } from '../exports/zip-stream.ts';
import type { Actor } from '../policies/actor.ts';
import { loadCohort } from '../policies/cohorts.ts';
import { authorizeGradeSummary, gradeSummaryAccess } from '../policies/grade-summary.ts';
import { requireActor } from '../policies/require-actor.ts';
import { download, PDF, XLSX, ZIP } from '../presenters/download.ts';
import { presentGradeSummary } from '../presenters/grade-summary.ts';
import { readCohortStudents } from '../queries/cohorts.ts';
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
  /** The summary the reader may read, its reading recorded in the read log. */
  const loggedGradeSummary = async (
    request: FastifyRequest<{ Params: { id: number } }>,
    kind: ReadKind,
  ) => {
    const actor = requireActor(request);
    const summary = await readableGradeSummary(db(), actor, request.params.id);
    await app.readLog.record(db(), actor, kind, [
      { studentId: summary.student.id, objectId: null },
    ]);
    return summary;
  };

  route.get(
    '/:id/grade-summary/',
    { schema: { tags, params, response: { 200: gradeSummarySchema } } },
    async (request) => loggedGradeSummary(request, 'grade_summary'),
  );

  route.get(
    '/:id/grade-summary/pdf/',
    {
      config: { rateLimit: 'export' },
      schema: { tags: ['exports'], params, produces: [PDF], summary: 'The grade summary as a PDF' },
    },
    async (request, reply) => {
      const summary = await loggedGradeSummary(request, 'grade_summary_pdf');
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
      const summary = await loggedGradeSummary(request, 'grade_summary_xlsx');
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

/**
 * The students of a cohort whose grade summaries `actor` may read, in the reader's alphabetical
 * order, and how many others the cohort holds. No cap: the whole cohort, however large.
 */
async function readableCohort(db: AppDb, actor: Actor, cohortId: number, locale: Locale) {
  const cohort = await loadCohort(db, actor, cohortId, 'listCohort');
  const ids = (await readCohortStudents(db, [cohort.id])).get(cohort.id) ?? [];
  const access = await gradeSummaryAccess(db, actor, ids);
  const order = new Intl.Collator(LOCALE_REGIONS[locale], { sensitivity: 'base' });
  const readable = [...access.values()].sort(
    (a, b) =>
      order.compare(a.student.last_name, b.student.last_name) ||
      order.compare(a.student.first_name, b.student.first_name) ||
      a.student.id - b.student.id,
  );
  return { cohort, readable, leftOut: ids.length - readable.length };
}

/**
 * GET /cohorts/{id}/grade-summaries/ (how many summaries the reader's ZIP holds) and its ZIP
 * (registered under /cohorts): every readable student's summary in each format asked, built in
 * the export workers and streamed as it is built, so the first bytes leave at once and memory
 * stays flat whatever the cohort's size. X-Export-Files says how many files to expect (the web
 * app's progress).
 */
export async function cohortGradeSummaryRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/:id/grade-summaries/',
    { schema: { tags: ['cohorts'], params, response: { 200: cohortGradeSummariesSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const found = await readableCohort(db(), actor, request.params.id, request.locale);
      return { students: found.readable.length, left_out: found.leftOut };
    },
  );

  route.get(
    '/:id/grade-summaries/zip/',
    {
      config: { rateLimit: 'cohortExport' },
      schema: {
        tags: ['exports'],
        params,
        querystring: cohortZipQuery,
        produces: [ZIP],
        summary: 'The grade summaries of a cohort, as one streamed ZIP',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const formats = request.query.format;
      const found = await readableCohort(db(), actor, request.params.id, request.locale);
      await app.readLog.record(
        db(),
        actor,
        'cohort_zip',
        found.readable.map(({ student }) => ({ studentId: student.id, objectId: found.cohort.id })),
      );
      const l = exportLocale(request.locale);
      const entries = cohortZipEntries(found.readable, formats, l, {
        summaryOf: async ({ student, validatedOnly }) =>
          presentGradeSummary(student, await readGradeSummaryRows(db(), student.id, validatedOnly)),
        render: (job) => app.exports.render(job),
        onFailure: (error) => request.log.error({ err: error }, 'cohort ZIP: a file failed'),
      });
      return download(reply, ZIP, `${l.t('exportCohortZip', [found.cohort.name])}.zip`)
        .header('x-export-files', String(found.readable.length * formats.length))
        .send(Readable.from(zipStream(entries)));
    },
  );
}
