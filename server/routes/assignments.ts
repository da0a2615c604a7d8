import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentBody,
  assignmentMetadataSchema,
  assignmentSchema,
} from '../../domain/schemas/assignments.ts';
import { addAssignment } from '../commands/add-assignment.ts';
import { deleteAssignment } from '../commands/delete-assignment.ts';
import { enumLabels } from '../i18n/enum-labels.ts';
import { forbidden } from '../lib/errors.ts';
import { assignableRoles, canManageAssignment } from '../policies/people-rules.ts';
import { loadAssignment, requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentAssignment } from '../presenters/assignment.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['assignments'];

/** Assignments: a role of a profile in a unit (ADMIN: no unit). */
export async function assignmentRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  // the roles the actor may give, as {value, label} in the request's language
  route.get(
    '/metadata/',
    { schema: { tags, response: { 200: assignmentMetadataSchema } } },
    async (request) => ({
      roles: assignableRoles(requireActor(request)).map((role) => ({
        value: role,
        label: enumLabels(request.locale).role[role],
      })),
    }),
  );

  route.post(
    '/',
    { schema: { tags, body: assignmentBody, response: { 201: assignmentSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addAssignment');
      const created = await addAssignment(db(), actor, request.body);
      return reply.code(201).send(presentAssignment(created));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: assignmentSchema } } },
    async (request) => {
      const { assignment } = await loadAssignment(db(), requireActor(request), request.params.id);
      return presentAssignment(assignment);
    },
  );

  route.delete('/:id/', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = requireActor(request);
    const { assignment, facts } = await loadAssignment(db(), actor, request.params.id);
    if (!canManageAssignment(actor, 'deleteAssignment', assignment, facts)) throw forbidden();
    await deleteAssignment(db(), actor, assignment);
    return reply.code(204).send();
  });
}
