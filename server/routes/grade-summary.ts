import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reachOf } from '../../domain/policy.ts';
import type { Queryable } from '../db/client.ts';
import { namedRows } from '../db/named-query.ts';
import { notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import {
  gradeSummarySchema,
  loadSummaryRows,
  presentGradeSummary,
} from '../presenters/grade-summary.ts';

const params = z.object({ id: z.coerce.number().int().positive() });

interface AccessRow {
  id: number;
  first_name: string;
  last_name: string;
  unit_ids: number[];
  is_ward: boolean;
  instructed: boolean;
}

/**
 * Who reads a student's grade summary (domain.md, viewGradeSummary): managers of the student's
 * unit and instructors of the student see every included assessment; the student and their legal
 * representatives only the VALIDATED and CLOSED ones. Anyone else: 404. One hand-written query
 * (a named statement: it runs on every read).
 */
async function readerAccess(q: Queryable, actor: Actor, studentId: number) {
  const reach = reachOf(actor, 'viewGradeSummary');
  const me = actor.profileId ?? 0;
  // the instructors' case as in instructedStudentIds (policies/assessments.ts)
  const withInstructed = reach.groupUnitIds.length > 0 && actor.profileId !== null;
  const instructed = withInstructed
    ? sql`exists(select 1 from assessments a
        join group_instructors gi on gi.group_id = a.group_id
        join modules m on m.id = a.module_id
        where a.student_id = p.id and gi.instructor_id = ${me}
          and m.unit_id = any(${sql.param(reach.groupUnitIds)}::int[]))`
    : sql`false`;
  const [row] = await namedRows<AccessRow>(
    q,
    `summary_access_${Number(withInstructed)}`,
    sql`select p.id, p.first_name, p.last_name,
        array(select a.unit_id from assignments a
          where a.profile_id = p.id and a.role = 'STUDENT') as unit_ids,
        exists(select 1 from legal_representatives r
          where r.student_id = p.id and r.representative_id = ${me}) as is_ward,
        ${instructed} as instructed
      from profiles p where p.id = ${studentId}`,
  );
  if (!row) throw notFound();
  const full =
    reach.all || row.unit_ids.some((unit) => reach.unitIds.includes(unit)) || row.instructed;
  const learner = (reach.own && actor.profileId === row.id) || (reach.wards && row.is_ward);
  if (!full && !learner) throw notFound();
  const student = { id: row.id, first_name: row.first_name, last_name: row.last_name };
  return { student, validatedOnly: !full };
}

/** The student's grade summary as `actor` may read it, or 404 (also behind its exports). */
export async function readGradeSummary(q: Queryable, actor: Actor, studentId: number) {
  // the check and the rows in one round trip; the rows are dropped when the check fails
  const [access, included] = await Promise.all([
    readerAccess(q, actor, studentId),
    loadSummaryRows(q, studentId, false),
  ]);
  const rows = access.validatedOnly
    ? included.filter((row) => row.status !== 'IN_PROGRESS')
    : included;
  return presentGradeSummary(access.student, rows);
}

/** GET /profiles/{id}/grade-summary/ (registered under /profiles). */
export async function gradeSummaryRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/:id/grade-summary/',
    { schema: { tags: ['grade summary'], params, response: { 200: gradeSummarySchema } } },
    async (request) =>
      readGradeSummary(app.deps.database.db, requireActor(request), request.params.id),
  );
}
