import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockEvaluationPatchSchema,
  criterionEvaluationPatchSchema,
} from '../../domain/schemas/evaluations.ts';
import { loadBlockEvaluation, writeBlockEvaluation } from '../commands/write-block-evaluation.ts';
import { writeCriterionEvaluation } from '../commands/write-criterion-evaluation.ts';
import { notFound } from '../lib/errors.ts';
import { authorizeAssessment } from '../policies/assessments.ts';
import { requireActor } from '../policies/require-actor.ts';
import { decimalOut } from '../../domain/decimal.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['evaluations'];

/** What every evaluation write answers: the new version and the recomputed grades. */
const gradesSchema = {
  version: z.number().int(),
  grade: z.string().nullable(),
  blocks: z.array(
    z.object({ id: z.number().int(), block: z.number().int(), grade: z.string().nullable() }),
  ),
  criteria: z.array(
    z.object({ id: z.number().int(), criterion: z.number().int(), points: z.string().nullable() }),
  ),
};

const blockEvaluationSchema = z.object({
  id: z.number().int(),
  assessment: z.number().int(),
  block: z.number().int(),
  comment: z.string(),
  grade: z.string().nullable(),
  version: z.number().int(),
});

/** GET/PATCH /assessments/blocks/evaluations/{id}/ and PATCH /assessments/criteria/evaluations/{id}/. */
export async function evaluationRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/blocks/evaluations/:id/',
    { schema: { tags, params, response: { 200: blockEvaluationSchema } } },
    async (request) => {
      const row = await loadBlockEvaluation(db(), request.params.id);
      authorizeAssessment(requireActor(request), 'viewAssessment', row?.target);
      if (!row) throw notFound();
      const e = row.evaluation;
      return {
        id: e.id,
        assessment: e.assessmentId,
        block: e.blockId,
        comment: e.comment,
        grade: decimalOut(e.grade),
        version: row.version,
      };
    },
  );

  route.patch(
    '/blocks/evaluations/:id/',
    {
      schema: {
        tags,
        params,
        body: blockEvaluationPatchSchema,
        response: {
          200: z.object({
            ...gradesSchema,
            block_evaluation: blockEvaluationSchema.omit({ version: true }),
          }),
        },
      },
    },
    async (request) => {
      const result = await writeBlockEvaluation(
        db(),
        requireActor(request),
        request.params.id,
        request.body,
      );
      const own = result.blocks.find((b) => b.id === request.params.id)!;
      return {
        ...result,
        block_evaluation: {
          id: own.id,
          block: own.block,
          assessment: result.assessment,
          comment: result.comment,
          grade: own.grade,
        },
      };
    },
  );

  route.patch(
    '/criteria/evaluations/:id/',
    {
      schema: {
        tags,
        params,
        body: criterionEvaluationPatchSchema,
        response: { 200: z.object(gradesSchema) },
      },
    },
    async (request) =>
      writeCriterionEvaluation(db(), requireActor(request), request.params.id, request.body),
  );
}
