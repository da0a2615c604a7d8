import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { assessmentGroups, assessments, groupInstructors, modules } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { instructorsOf } from '../commands/groups.ts';
import { moveGroup } from '../commands/move-group.ts';
import { checkUnitMembers } from '../commands/unit-members.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { authorize } from '../policies/authorize.ts';
import { authorizeModule, canSeeModule, loadModuleTarget } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { groupSchema, presentGroup } from '../presenters/groups.ts';
import { groupCreateBody, groupPatchBody } from './inputs/modules.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const INSTRUCTING_ROLES = ['INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR', 'COURSE_MANAGER'] as const;

/** A module named in a body: out of sight reads as missing (400), visible without the right → 403. */
async function moduleForGroups(db: Db, actor: Actor, moduleId: number) {
  const target = await loadModuleTarget(db, moduleId);
  if (!target || !canSeeModule(actor, target))
    throw badRequest('module', 'referencedObjectMissing');
  authorize(actor, 'manageAssessmentGroups', target, true);
  const [module] = await db.select().from(modules).where(eq(modules.id, moduleId));
  return module!;
}

/** Instructors must instruct (or manage courses) in the module's unit. */
const checkInstructors = (db: Db, unitId: number, instructorIds: number[]) =>
  checkUnitMembers(db, unitId, instructorIds, INSTRUCTING_ROLES, {
    field: 'instructors',
    key: 'instructorNotInUnit',
  });

async function replaceInstructors(tx: Tx, groupId: number, instructorIds: number[]) {
  await tx.delete(groupInstructors).where(eq(groupInstructors.groupId, groupId));
  if (instructorIds.length > 0)
    await tx
      .insert(groupInstructors)
      .values(instructorIds.map((instructorId) => ({ groupId, instructorId })));
}

async function present(db: Db, group: typeof assessmentGroups.$inferSelect) {
  return presentGroup(group, await instructorsOf(db, [group.id]));
}

export async function assessmentGroupRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['assessment groups'];

  /** The group, authorised on its module: seen with the module, managed with manageAssessmentGroups. */
  async function loadGroup(
    actor: Actor,
    id: number,
    permission: 'listModuleInstance' | 'manageAssessmentGroups',
  ) {
    const [group] = await db().select().from(assessmentGroups).where(eq(assessmentGroups.id, id));
    if (!group) throw notFound();
    const target = await authorizeModule(db(), actor, permission, group.moduleId);
    return { group, target };
  }

  route.post(
    '/',
    { schema: { tags, body: groupCreateBody, response: { 201: groupSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const module = await moduleForGroups(db(), actor, body.module);
      const instructorIds = await checkInstructors(db(), module.unitId, body.instructors);
      const group = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(assessmentGroups)
          .values({ name: body.name, moduleId: module.id })
          .returning();
        await replaceInstructors(tx, row!.id, instructorIds);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'assessment_group',
          entityId: row!.id,
          newValue: body,
        });
        return row!;
      });
      return reply.code(201).send(await present(db(), group));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { group } = await loadGroup(actor, request.params.id, 'listModuleInstance');
      return present(db(), group);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: groupPatchBody, response: { 200: groupSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { group, target } = await loadGroup(actor, request.params.id, 'manageAssessmentGroups');
      const body = request.body;
      const moving = body.module !== undefined && body.module !== group.moduleId;
      let unitId = target.unitId;
      if (moving) {
        const [from] = await db().select().from(modules).where(eq(modules.id, group.moduleId));
        const to = await moduleForGroups(db(), actor, body.module!);
        if (to.unitId !== from!.unitId) throw badRequest('module', 'groupMoveOtherUnit');
        if (to.templateId === null || to.templateId !== from!.templateId)
          throw badRequest('module', 'groupMoveOtherTemplate');
        unitId = to.unitId;
      }
      const instructorIds =
        body.instructors && (await checkInstructors(db(), unitId, body.instructors));
      const before = await present(db(), group);
      const updated = await db().transaction(async (tx) => {
        if (moving) await moveGroup(tx, group.id, group.moduleId, body.module!);
        const [row] = await tx
          .update(assessmentGroups)
          .set({ ...(body.name !== undefined ? { name: body.name } : {}), updatedAt: new Date() })
          .where(eq(assessmentGroups.id, group.id))
          .returning();
        if (instructorIds) await replaceInstructors(tx, group.id, instructorIds);
        await recordAudit(tx, actor, {
          action: moving ? 'move' : 'change',
          entity: 'assessment_group',
          entityId: group.id,
          oldValue: before,
          newValue: body,
        });
        return row!;
      });
      return present(db(), updated);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const { group } = await loadGroup(actor, request.params.id, 'manageAssessmentGroups');
    const before = await present(db(), group);
    await db().transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(assessments)
        .where(eq(assessments.groupId, group.id));
      if (n > 0) throw conflict('groupHasAssessments', [n]);
      await tx.delete(assessmentGroups).where(eq(assessmentGroups.id, group.id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'assessment_group',
        entityId: group.id,
        oldValue: before,
      });
    });
    return reply.code(204).send();
  });
}
