import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES, type Role } from '../../domain/constants.ts';
import { assignments } from '../db/schema/index.ts';
import type { Queryable } from '../db/client.ts';
import { recordAudit } from '../commands/audit.ts';
import { checkNewAssignment } from '../commands/profile-checks.ts';
import { translate } from '../i18n/index.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { assignableRoles, canManageAssignment } from '../policies/people-rules.ts';
import {
  findVisibleProfile,
  loadAssignment,
  profileFacts,
  requirePermission,
} from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { assignmentSchema, presentAssignment } from '../presenters/assignment.ts';

const id = z.number().int().positive();
const assignmentBody = z.object({
  profile: id,
  unit: id.nullish(),
  role: z.enum(ROLES),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

const metadataSchema = z.object({
  roles: z.array(z.object({ value: z.enum(ROLES), label: z.string() })),
});

async function ensureNew(db: Queryable, profileId: number, unitId: number | null, role: Role) {
  const [existing] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.profileId, profileId),
        eq(assignments.role, role),
        unitId == null ? isNull(assignments.unitId) : eq(assignments.unitId, unitId),
      ),
    );
  if (existing) throw badRequest('non_field_errors', 'assignmentExists');
}

/** Assignments: a role of a profile in a unit (ADMIN: no unit). */
export async function assignmentRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  // the roles the actor may give, as {value, label} in the request's language
  route.get(
    '/metadata/',
    { schema: { tags, response: { 200: metadataSchema } } },
    async (request) => ({
      roles: assignableRoles(requireActor(request)).map((role) => ({
        value: role,
        label: translate(request.locale, `role_${role}`),
      })),
    }),
  );

  route.post(
    '/',
    { schema: { tags, body: assignmentBody, response: { 201: assignmentSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addAssignment');
      const { profile: profileId, role } = request.body;
      const created = await db.transaction(async (tx) => {
        if (!(await findVisibleProfile(tx, actor, profileId)))
          throw badRequest('profile', 'unknownReference');
        const unitId = await checkNewAssignment(tx, actor, { unitId: request.body.unit, role });
        const facts = await profileFacts(tx, profileId);
        if (!canManageAssignment(actor, 'addAssignment', { role, unitId }, facts))
          throw forbidden();
        await ensureNew(tx, profileId, unitId, role);
        const [row] = await tx.insert(assignments).values({ profileId, unitId, role }).returning();
        const json = presentAssignment(row!);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'assignment',
          entityId: row!.id,
          newValue: json,
        });
        return json;
      });
      return reply.code(201).send(created);
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: assignmentSchema } } },
    async (request) => {
      const { assignment } = await loadAssignment(db, requireActor(request), request.params.id);
      return presentAssignment(assignment);
    },
  );

  route.delete('/:id/', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = requireActor(request);
    await db.transaction(async (tx) => {
      const { assignment, facts } = await loadAssignment(tx, actor, request.params.id);
      if (!canManageAssignment(actor, 'deleteAssignment', assignment, facts)) throw forbidden();
      await tx.delete(assignments).where(eq(assignments.id, assignment.id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'assignment',
        entityId: assignment.id,
        oldValue: presentAssignment(assignment),
      });
    });
    return reply.code(204).send();
  });
}
