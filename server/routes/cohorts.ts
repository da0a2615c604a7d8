import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { cohorts, cohortStudents, profiles } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { setStatus } from '../commands/set-status.ts';
import { requireUnit } from '../commands/require-unit.ts';
import { checkUnitMembers } from '../commands/unit-members.ts';
import { notFound } from '../lib/errors.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import { pagedList, type ListOrdering } from '../queries/paged-list.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeCreation } from '../policies/authorize.ts';
import { authorizeCohort, cohortListWhere } from '../policies/cohorts.ts';
import { requireActor } from '../policies/require-actor.ts';
import { cohortSchema, presentCohort } from '../presenters/cohorts.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { page } from '../presenters/page.ts';
import { archiveRoutes } from './archive-routes.ts';
import { cohortCreateBody, cohortListQuery, cohortPatchBody } from './inputs/cohorts.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
type CohortRow = typeof cohorts.$inferSelect;
const cohortOrdering: ListOrdering = {
  columns: { name: cohorts.name, created_at: cohorts.createdAt },
  fallback: 'name',
};

/** The students of each cohort, by last and first name. */
function studentsOf(db: Db, cohortIds: number[]) {
  return idsByOwner(cohortIds, () =>
    db
      .select({ owner: cohortStudents.cohortId, id: cohortStudents.studentId })
      .from(cohortStudents)
      .innerJoin(profiles, eq(profiles.id, cohortStudents.studentId))
      .where(inArray(cohortStudents.cohortId, cohortIds))
      .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profiles.id)),
  );
}

async function present(db: Db, actor: Actor, cohort: CohortRow) {
  return presentCohort(actor, cohort, (await studentsOf(db, [cohort.id])).get(cohort.id)!);
}

function listWhere(actor: Actor, query: z.infer<z.ZodObject<typeof cohortListQuery>>): SQL {
  const conditions: (SQL | undefined)[] = [cohortListWhere(actor)];
  if (query.unit) conditions.push(eq(cohorts.unitId, query.unit));
  if (query.status) conditions.push(eq(cohorts.status, query.status));
  if (query.search)
    conditions.push(ilike(cohorts.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  return and(...conditions)!;
}

export async function cohortRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['cohorts'];

  async function loadCohort(
    actor: Actor,
    id: number,
    permission: 'listCohort' | 'changeCohort' | 'archiveCohort' | 'deleteCohort',
  ) {
    const [cohort] = await db().select().from(cohorts).where(eq(cohorts.id, id));
    if (!cohort) throw notFound();
    authorizeCohort(actor, permission, cohort);
    return cohort;
  }

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...cohortListQuery, ...pagingQuery }),
        response: { 200: pageSchema(cohortSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const query = request.query;
      const { total, rows } = await pagedList(
        db(),
        cohorts,
        listWhere(actor, query),
        cohortOrdering,
        query,
      );
      const students = await studentsOf(
        db(),
        rows.map((r) => r.id),
      );
      return page(
        request,
        query,
        total,
        rows.map((r) => presentCohort(actor, r, students.get(r.id)!)),
      );
    },
  );

  route.post(
    '/',
    { schema: { tags, body: cohortCreateBody, response: { 201: cohortSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      await requireUnit(db(), body.unit);
      authorizeCreation(actor, 'addCohort', body.unit);
      const cohort = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(cohorts)
          .values({ name: body.name, unitId: body.unit, status: 'ACTIVE' })
          .returning();
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'cohort',
          entityId: row!.id,
          newValue: body,
        });
        return row!;
      });
      return reply.code(201).send(presentCohort(actor, cohort, []));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: cohortSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return present(db(), actor, await loadCohort(actor, request.params.id, 'listCohort'));
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: cohortPatchBody, response: { 200: cohortSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const cohort = await loadCohort(actor, request.params.id, 'changeCohort');
      const body = request.body;
      const studentIds =
        body.students &&
        (await checkUnitMembers(db(), cohort.unitId, body.students, ['STUDENT'], {
          field: 'students',
          key: 'cohortStudentNotInUnit',
        }));
      const before = await present(db(), actor, cohort);
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(cohorts)
          .set({ ...(body.name !== undefined ? { name: body.name } : {}), updatedAt: new Date() })
          .where(eq(cohorts.id, cohort.id))
          .returning();
        if (studentIds) {
          await tx.delete(cohortStudents).where(eq(cohortStudents.cohortId, cohort.id));
          if (studentIds.length > 0)
            await tx
              .insert(cohortStudents)
              .values(studentIds.map((studentId) => ({ cohortId: cohort.id, studentId })));
        }
        await recordAudit(tx, actor, {
          action: 'change',
          entity: 'cohort',
          entityId: cohort.id,
          oldValue: { name: before.name, students: before.students },
          newValue: body,
        });
        return row!;
      });
      return present(db(), actor, updated);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const cohort = await loadCohort(actor, request.params.id, 'deleteCohort');
    const before = await present(db(), actor, cohort);
    await db().transaction(async (tx) => {
      await tx.delete(cohorts).where(eq(cohorts.id, cohort.id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'cohort',
        entityId: cohort.id,
        oldValue: { name: before.name, unit: before.unit, students: before.students },
      });
    });
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: cohortSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    async change(actor, id, action, status) {
      const row = await loadCohort(actor, id, 'archiveCohort');
      const updated = await setStatus(db(), actor, {
        table: cohorts,
        entity: 'cohort',
        row,
        action,
        status,
      });
      return present(db(), actor, updated);
    },
  });
}
