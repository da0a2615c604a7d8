import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockTemplateCreateSchema,
  blockTemplatePatchSchema,
} from '../../domain/schemas/block-templates.ts';
import { blockTemplateSchema } from '../../domain/schemas/templates.ts';
import { changeBlockTemplate } from '../commands/change-block-template.ts';
import { createBlockTemplate } from '../commands/create-block-template.ts';
import { deleteBlockTemplate } from '../commands/delete-block-template.ts';
import { requireActor } from '../policies/require-actor.ts';
import { loadBlockTemplate, loadTemplateNamedInBody } from '../policies/templates.ts';
import { presentBlockTemplate } from '../presenters/templates.ts';
import type { BlockTemplateRow } from '../queries/rows.ts';
import { blockChildren } from '../queries/template-parts.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['block templates'];

export async function blockTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  async function present(block: BlockTemplateRow) {
    const children = await blockChildren(db(), block.id);
    return presentBlockTemplate(block, children.criterionIds, children.blockIds);
  }

  route.post(
    '/',
    { schema: { tags, body: blockTemplateCreateSchema, response: { 201: blockTemplateSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const template = await loadTemplateNamedInBody(db(), actor, request.body.template);
      const block = await createBlockTemplate(db(), actor, template, request.body);
      return reply.code(201).send(await present(block));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: blockTemplateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.id;
      const { block } = await loadBlockTemplate(db(), actor, id, 'listModuleTemplate');
      return present(block);
    },
  );

  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params,
        body: blockTemplatePatchSchema,
        response: { 200: blockTemplateSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.id;
      const { block } = await loadBlockTemplate(db(), actor, id, 'changeModuleTemplate');
      return present(await changeBlockTemplate(db(), actor, block, request.body));
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const id = request.params.id;
    const { block } = await loadBlockTemplate(db(), actor, id, 'changeModuleTemplate');
    await deleteBlockTemplate(db(), actor, block);
    return reply.code(204).send();
  });
}
