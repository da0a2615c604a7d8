import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  transitionAssessment,
  TRANSITION_PERMISSIONS,
  TRANSITION_ROUTES,
  type TransitionRoute,
} from '../commands/transition-assessment.ts';
import { deleteAssessment, updateAssessment } from '../commands/update-assessment.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeAssessment } from '../policies/assessments.ts';
import { requireActor } from '../policies/require-actor.ts';
import {
  assessmentDetailSchema,
  loadAssessmentDetail,
  loadAssessmentHeader,
  presentDetail,
} from '../presenters/assessments-detail.ts';
import {
  assessmentFilters,
  assessmentListItem,
  listAssessments,
} from '../presenters/assessments-list.ts';
import { page, pageSchema, pagingQuery } from '../presenters/page.ts';
import type { Db } from '../db/client.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const version = z.number().int().positive();
const tags = ['assessments'];

/** The detail as the reader may see it, or 404. */
export async function readAssessment(db: Db, actor: Actor, id: number) {
  const detail = await loadAssessmentDetail(db, id, actor);
  authorizeAssessment(actor, 'viewAssessment', detail?.header.target);
  if (!detail) throw notFound();
  return presentDetail(actor, detail.header, detail.tree);
}

/** GET/PATCH/DELETE /assessments/ and /assessments/{id}/, and the state transitions. */
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
      const { count, results } = await listAssessments(db(), actor, filters, { limit, offset });
      return page(request, { limit, offset }, count, results);
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: assessmentDetailSchema } } },
    async (request) => readAssessment(db(), requireActor(request), request.params.id),
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
      await updateAssessment(db(), actor, request.params.id, request.body);
      return readAssessment(db(), actor, request.params.id);
    },
  );

  route.delete(
    '/:id/',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAssessment(db(), requireActor(request), request.params.id);
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
        await authorizeTransition(db(), actor, request.params.id, action);
        await transitionAssessment(db(), actor, request.params.id, action, request.body?.version);
        return readAssessment(db(), actor, request.params.id);
      },
    );
  }
}

async function authorizeTransition(db: Db, actor: Actor, id: number, action: TransitionRoute) {
  const header = await loadAssessmentHeader(db, id);
  authorizeAssessment(actor, TRANSITION_PERMISSIONS[action], header?.target);
}
