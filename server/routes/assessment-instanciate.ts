import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSESSMENT_STATUSES } from '../../domain/constants.ts';
import { instanciateAssessment } from '../commands/instanciate-assessment.ts';
import { instanciateCohort } from '../commands/instanciate-cohort.ts';
import { requireActor } from '../policies/require-actor.ts';
import { assessmentDetailSchema } from '../presenters/assessments-detail.ts';
import { readAssessment } from './assessments.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const id = z.number().int().positive();
const tags = ['assessments'];

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
      return reply.code(201).send(await readAssessment(db(), actor, created));
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
