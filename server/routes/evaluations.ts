import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockEvaluationPatchSchema,
  blockEvaluationSchema,
  blockEvaluationWriteSchema,
  criterionEvaluationPatchSchema,
  gradesSchema,
} from '../../domain/schemas/evaluations.ts';
import { writeBlockEvaluation } from '../commands/write-block-evaluation.ts';
import { writeCriterionEvaluation } from '../commands/write-criterion-evaluation.ts';
import { authorizeAssessment } from '../policies/assessments.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentBlockEvaluation, presentBlockEvaluationWrite } from '../presenters/evaluations.ts';
import { readBlockEvaluation, readCriterionEvaluation } from '../queries/evaluations.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['evaluations'];

/** GET/PATCH /assessments/blocks/evaluations/{id}/ and PATCH /assessments/criteria/evaluations/{id}/. */
export async function evaluationRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/blocks/evaluations/:id/',
    { schema: { tags, params, response: { 200: blockEvaluationSchema } } },
    async (request) => {
      const row = await readBlockEvaluation(db(), request.params.id);
      authorizeAssessment(requireActor(request), 'viewAssessment', row?.target);
      return presentBlockEvaluation(row!);
    },
  );

  route.patch(
    '/blocks/evaluations/:id/',
    {
      schema: {
        tags,
        params,
        body: blockEvaluationPatchSchema,
        response: { 200: blockEvaluationWriteSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const row = await readBlockEvaluation(db(), request.params.id);
      authorizeAssessment(actor, 'evaluateAssessment', row?.target);
      const result = await writeBlockEvaluation(db(), actor, row!, request.body);
      return presentBlockEvaluationWrite(request.params.id, result);
    },
  );

  route.patch(
    '/criteria/evaluations/:id/',
    {
      schema: {
        tags,
        params,
        body: criterionEvaluationPatchSchema,
        response: { 200: gradesSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const row = await readCriterionEvaluation(db(), request.params.id);
      authorizeAssessment(actor, 'evaluateAssessment', row?.target);
      return writeCriterionEvaluation(db(), actor, row!, request.body);
    },
  );
}
