import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reachOf } from '../../domain/policy.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, legalRepresentatives, profiles } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { instructedStudentIds } from '../policies/assessments.ts';
import { requireActor } from '../policies/require-actor.ts';
import {
  gradeSummarySchema,
  loadSummaryRows,
  presentGradeSummary,
} from '../presenters/grade-summary.ts';

/** Qualified explicitly: drizzle writes a bare "id" in a one-table select, which a subquery would rebind. */
const outerProfileId = sql.raw('"profiles"."id"');

const params = z.object({ id: z.coerce.number().int().positive() });

/**
 * Who reads a student's grade summary (domain.md, viewGradeSummary): managers of the student's
 * unit and instructors of the student see every included assessment; the student and their legal
 * representatives only the VALIDATED and CLOSED ones. Anyone else: 404. One query.
 */
async function readerAccess(q: Queryable, actor: Actor, studentId: number) {
  const reach = reachOf(actor, 'viewGradeSummary');
  const me = actor.profileId ?? 0;
  const instructed =
    reach.groupUnitIds.length > 0 && actor.profileId !== null
      ? sql<boolean>`${studentId} in (${instructedStudentIds(q, me, reach.groupUnitIds)})`
      : sql<boolean>`false`;
  const [row] = await q
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      unitIds: sql<number[]>`array(select ${assignments.unitId} from ${assignments}
        where ${assignments.profileId} = ${outerProfileId} and ${assignments.role} = 'STUDENT')`,
      isWard: sql<boolean>`exists(select 1 from ${legalRepresentatives}
        where ${legalRepresentatives.studentId} = ${outerProfileId}
        and ${legalRepresentatives.representativeId} = ${me})`,
      instructed,
    })
    .from(profiles)
    .where(eq(profiles.id, studentId));
  if (!row) throw notFound();
  const full =
    reach.all || row.unitIds.some((unit) => reach.unitIds.includes(unit)) || row.instructed;
  const learner = (reach.own && actor.profileId === row.id) || (reach.wards && row.isWard);
  if (!full && !learner) throw notFound();
  const student = { id: row.id, first_name: row.firstName, last_name: row.lastName };
  return { student, validatedOnly: !full };
}

/** GET /profiles/{id}/grade-summary/ (registered under /profiles). */
export async function gradeSummaryRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/:id/grade-summary/',
    { schema: { tags: ['grade summary'], params, response: { 200: gradeSummarySchema } } },
    async (request) => {
      const db = app.deps.database.db;
      const id = request.params.id;
      // the check and the rows in one round trip; the rows are dropped when the check fails
      const [access, included] = await Promise.all([
        readerAccess(db, requireActor(request), id),
        loadSummaryRows(db, id, false),
      ]);
      const rows = access.validatedOnly
        ? included.filter((row) => row.status !== 'IN_PROGRESS')
        : included;
      return presentGradeSummary(access.student, rows);
    },
  );
}
