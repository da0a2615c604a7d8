import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupCreateBody, groupPatchBody, groupSchema } from '../../domain/schemas/modules.ts';
import { changeGroup } from '../commands/change-group.ts';
import { createGroup } from '../commands/create-group.ts';
import { deleteGroup } from '../commands/delete-group.ts';
import { loadGroup, loadModuleNamedInBody } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentGroup } from '../presenters/groups.ts';
import { readGroupInstructors } from '../queries/groups.ts';
import type { GroupRow } from '../queries/rows.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['assessment groups'];

export async function assessmentGroupRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  const present = async (group: GroupRow) =>
    presentGroup(group, await readGroupInstructors(db(), [group.id]));

  route.post(
    '/',
    { schema: { tags, body: groupCreateBody, response: { 201: groupSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const module = await loadModuleNamedInBody(db(), actor, request.body.module);
      const group = await createGroup(db(), actor, module, request.body);
      return reply.code(201).send(await present(group));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { group } = await loadGroup(db(), actor, request.params.id, 'listModuleInstance');
      return present(group);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: groupPatchBody, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.id;
      const { group } = await loadGroup(db(), actor, id, 'manageAssessmentGroups');
      const to = request.body.module;
      const moving = to !== undefined && to !== group.moduleId;
      const target = moving ? await loadModuleNamedInBody(db(), actor, to) : undefined;
      return present(await changeGroup(db(), actor, group, request.body, target));
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const { group } = await loadGroup(db(), actor, request.params.id, 'manageAssessmentGroups');
    await deleteGroup(db(), actor, group);
    return reply.code(204).send();
  });
}
