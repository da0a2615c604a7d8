import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  criterionTemplateCreateSchema,
  criterionTemplatePatchSchema,
} from '../../domain/schemas/criterion-templates.ts';
import { criterionTemplateSchema } from '../../domain/schemas/templates.ts';
import { changeCriterionTemplate } from '../commands/change-criterion-template.ts';
import { createCriterionTemplate } from '../commands/create-criterion-template.ts';
import { deleteCriterionTemplate } from '../commands/delete-criterion-template.ts';
import type { Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import {
  loadBlockNamedInBody,
  loadCriterionTemplate,
  templatePermissions,
} from '../policies/templates.ts';
import { presentCriterionTemplate } from '../presenters/templates.ts';
import type { CriterionTemplateRow, TemplateRow } from '../queries/rows.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['criterion templates'];

const present = (actor: Actor, criterion: CriterionTemplateRow, template: TemplateRow) =>
  presentCriterionTemplate(criterion, templatePermissions(actor, template).parts);

export async function criterionTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.post(
    '/',
    {
      schema: {
        tags,
        body: criterionTemplateCreateSchema,
        response: { 201: criterionTemplateSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { block, template } = await loadBlockNamedInBody(db(), actor, request.body.block);
      const criterion = await createCriterionTemplate(db(), actor, block, request.body);
      return reply.code(201).send(present(actor, criterion, template));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: criterionTemplateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.id;
      const { criterion, template } = await loadCriterionTemplate(
        db(),
        actor,
        id,
        'listModuleTemplate',
      );
      return present(actor, criterion, template);
    },
  );

  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params,
        body: criterionTemplatePatchSchema,
        response: { 200: criterionTemplateSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const found = await loadCriterionTemplate(
        db(),
        actor,
        request.params.id,
        'changeModuleTemplate',
      );
      const to = request.body.block;
      const newBlock =
        to !== undefined && to !== found.criterion.blockId
          ? (await loadBlockNamedInBody(db(), actor, to)).block
          : undefined;
      const updated = await changeCriterionTemplate(db(), actor, found, request.body, newBlock);
      return present(actor, updated, found.template);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const id = request.params.id;
    const found = await loadCriterionTemplate(db(), actor, id, 'changeModuleTemplate');
    await deleteCriterionTemplate(db(), actor, found);
    return reply.code(204).send();
  });
}
