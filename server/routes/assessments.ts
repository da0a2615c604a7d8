import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSESSMENT_STATUSES } from '../../domain/constants.ts';
import { assessmentDetailSchema } from '../../domain/schemas/assessment-detail.ts';
import { assessmentHistoryEntry } from '../../domain/schemas/assessment-history.ts';
import { assessmentFilters, assessmentListItem } from '../../domain/schemas/assessments-list.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { instanciateAssessment } from '../commands/instanciate-assessment.ts';
import { instanciateCohort } from '../commands/instanciate-cohort.ts';
import {
  transitionAssessment,
  TRANSITION_PERMISSIONS,
  TRANSITION_ROUTES,
} from '../commands/transition-assessment.ts';
import { deleteAssessment, updateAssessment } from '../commands/update-assessment.ts';
import { assessmentTitle } from '../exports/titles.ts';
import { exportLocale } from '../exports/format.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeAssessment, authorizeAssessmentUpdate } from '../policies/assessments.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentHistoryEntry } from '../presenters/assessment-history.ts';
import { presentAssessmentListItem } from '../presenters/assessments-list.ts';
import { download, PDF } from '../presenters/download.ts';
import { page } from '../presenters/page.ts';
import { readAssessmentHeader, readInstructorNames } from '../queries/assessment-detail.ts';
import { readableDetail, readableTrainingReport, type AppDb } from '../reads/assessment-reads.ts';
import { readAssessmentHistory, readGroupNames } from '../queries/assessment-history.ts';
import { listAssessments } from '../queries/assessments-list.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const id = z.number().int().positive();
const version = z.number().int().positive();
const tags = ['assessments'];

/** The assessment's header, once `actor` may do `permission` on it (else 404 or 403). */
async function authorizedHeader(
  db: AppDb,
  actor: Actor,
  assessmentId: number,
  permission: Permission,
) {
  const header = await readAssessmentHeader(db, assessmentId, actor);
  authorizeAssessment(actor, permission, header?.target);
  return header!;
}

/**
 * GET/PATCH/DELETE /assessments/ and /assessments/{id}/, its history, the state transitions and
 * the PDF;
 * registered under /assessments.
 */
export async function assessmentRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...pagingQuery, ...assessmentFilters }),
        response: { 200: pageSchema(assessmentListItem) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { limit, offset, ...filters } = request.query;
      const { count, rows } = await listAssessments(db(), actor, filters, { limit, offset });
      return page(request, { limit, offset }, count, rows.map(presentAssessmentListItem));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: assessmentDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const detail = await readableDetail(db(), actor, request.params.id);
      await app.readLog.record(db(), actor, 'assessment', [
        { studentId: detail.student.id, objectId: detail.id },
      ]);
      return detail;
    },
  );

  route.get(
    '/:id/history/',
    {
      schema: {
        tags,
        params,
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(assessmentHistoryEntry) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const header = await authorizedHeader(db(), actor, request.params.id, 'viewAssessment');
      const paging = request.query;
      const [{ count, rows }, groups] = await Promise.all([
        readAssessmentHistory(db(), header.assessment.id, paging),
        readGroupNames(db(), header.module.id),
      ]);
      return page(
        request,
        paging,
        count,
        rows.map((row) => presentHistoryEntry(row, groups)),
      );
    },
  );

  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params,
        body: z
          .object({
            version,
            group: z.number().int().positive().optional(),
            comment: z.string().max(10_000).optional(),
          })
          .strict(),
        response: { 200: assessmentDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const header = await authorizedHeader(db(), actor, request.params.id, 'viewAssessment');
      authorizeAssessmentUpdate(actor, header.target, request.body);
      await updateAssessment(db(), actor, header, request.body);
      return readableDetail(db(), actor, request.params.id);
    },
  );

  route.delete(
    '/:id/',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const header = await authorizedHeader(db(), actor, request.params.id, 'deleteAssessment');
      await deleteAssessment(db(), actor, header);
      return reply.code(204).send(null);
    },
  );

  for (const action of TRANSITION_ROUTES) {
    route.post(
      `/:id/${action}/`,
      {
        schema: {
          tags,
          params,
          body: z.object({ version: version.optional() }).strict().nullish(),
          response: { 200: assessmentDetailSchema },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await authorizedHeader(db(), actor, request.params.id, TRANSITION_PERMISSIONS[action]);
        await transitionAssessment(
          db(),
          actor,
          request.params.id,
          action,
          request.body?.version,
          publicOrigin(app.deps.config, request),
        );
        // a validation's notices become mail now, not at the next poll
        if (action === 'validate') app.outbox.wake();
        return readableDetail(db(), actor, request.params.id);
      },
    );
  }

  route.get(
    '/:id/pdf/',
    {
      config: { rateLimit: 'export' },
      schema: { tags: ['exports'], params, produces: [PDF], summary: 'The assessment as a PDF' },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const assessmentId = request.params.id;
      // the instructors are read alongside the checked detail and dropped when the check fails
      const [detail, instructors] = await Promise.all([
        readableDetail(db(), actor, assessmentId),
        readInstructorNames(db(), assessmentId),
      ]);
      await app.readLog.record(db(), actor, 'assessment_pdf', [
        { studentId: detail.student.id, objectId: detail.id },
      ]);
      const l = exportLocale(request.locale);
      const record = await readableTrainingReport(db(), actor, detail);
      const file = await app.exports.render({
        kind: 'assessment-pdf',
        locale: l.locale,
        now: new Date().toISOString(),
        detail,
        instructors,
        record,
      });
      return download(reply, PDF, `${assessmentTitle(l, detail)}.pdf`).send(file);
    },
  );
}

/**
 * Registered under /modules/instances: POST /{id}/instanciate/ (one student) and
 * POST /{id}/instanciate_cohort/ (every student of a cohort, in one transaction).
 */
export async function assessmentInstanciateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.post(
    '/:id/instanciate/',
    {
      schema: {
        tags,
        params,
        body: z
          .object({
            status: z.enum(ASSESSMENT_STATUSES).optional(),
            module: id,
            group: id,
            student: id,
          })
          .strict(),
        response: { 201: assessmentDetailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await instanciateAssessment(db(), actor, request.params.id, request.body);
      return reply.code(201).send(await readableDetail(db(), actor, created));
    },
  );

  route.post(
    '/:id/instanciate_cohort/',
    {
      schema: {
        tags,
        params,
        body: z
          .object({ status: z.enum(ASSESSMENT_STATUSES).optional(), cohort: id, group: id })
          .strict(),
        response: {
          201: z.object({
            created: z.number().int(),
            skipped: z.number().int(),
            assessments: z.array(z.number().int()),
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await instanciateCohort(
        db(),
        requireActor(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );
}
