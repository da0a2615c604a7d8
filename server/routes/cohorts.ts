import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cohortCreateBody,
  cohortListQuery,
  cohortPatchBody,
  cohortSchema,
} from '../../domain/schemas/cohorts.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { changeCohort } from '../commands/change-cohort.ts';
import { createCohort } from '../commands/create-cohort.ts';
import { deleteCohort } from '../commands/delete-cohort.ts';
import { requireUnit } from '../commands/require-unit.ts';
import { setStatus } from '../commands/set-status.ts';
import { archiveRoutes } from '../lib/archive-routes.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeCreation } from '../policies/authorize.ts';
import { cohortPermissions, loadCohort } from '../policies/cohorts.ts';
import { requireActor } from '../policies/require-actor.ts';
import { presentCohort } from '../presenters/cohorts.ts';
import { page } from '../presenters/page.ts';
import { listCohorts, readCohortStudents } from '../queries/cohorts.ts';
import type { CohortRow } from '../queries/rows.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['cohorts'];

export async function cohortRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  /** The cohort with its students, as `actor` sees it. */
  async function present(actor: Actor, cohort: CohortRow) {
    const students = await readCohortStudents(db(), [cohort.id]);
    return presentCohort(cohort, students.get(cohort.id)!, cohortPermissions(actor, cohort));
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
      const { total, rows, students } = await listCohorts(db(), actor, request.query);
      const results = rows.map((row) =>
        presentCohort(row, students.get(row.id)!, cohortPermissions(actor, row)),
      );
      return page(request, request.query, total, results);
    },
  );

  route.post(
    '/',
    { schema: { tags, body: cohortCreateBody, response: { 201: cohortSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      await requireUnit(db(), request.body.unit);
      authorizeCreation(actor, 'addCohort', request.body.unit);
      const cohort = await createCohort(db(), actor, request.body);
      return reply.code(201).send(presentCohort(cohort, [], cohortPermissions(actor, cohort)));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: cohortSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return present(actor, await loadCohort(db(), actor, request.params.id, 'listCohort'));
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: cohortPatchBody, response: { 200: cohortSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const cohort = await loadCohort(db(), actor, request.params.id, 'changeCohort');
      return present(actor, await changeCohort(db(), actor, cohort, request.body));
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const cohort = await loadCohort(db(), actor, request.params.id, 'deleteCohort');
    await deleteCohort(db(), actor, cohort);
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: cohortSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    async change(actor, id, action, status) {
      const row = await loadCohort(db(), actor, id, 'archiveCohort');
      const updated = await setStatus(db(), actor, { entity: 'cohort', row, action, status });
      return present(actor, updated);
    },
  });
}
