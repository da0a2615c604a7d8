import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reachOf } from '../../domain/policy.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import { atRiskGroup, atRiskQuery, studentAtRisk } from '../../domain/schemas/at-risk.ts';
import { pageSchema } from '../../domain/schemas/page.ts';
import { requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { page } from '../presenters/page.ts';
import { refreshRiskReasons } from '../commands/refresh-risk-reasons.ts';
import { readAtRisk } from '../queries/at-risk.ts';

/**
 * GET /students/at-risk/: the students within the reader's reach who are at risk, the most
 * severe first, each reason with its source (assessment and group), and the groups the reasons
 * come from (`?group=` keeps the students with a reason from that group). `?student=` gives one
 * student's (their grade summary shows them): an empty list when the reader may not see theirs.
 */
export async function studentsAtRiskRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/at-risk/',
    {
      schema: {
        tags: ['students'],
        querystring: atRiskQuery,
        response: { 200: pageSchema(studentAtRisk).extend({ groups: z.array(atRiskGroup) }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requirePermission(actor, 'listStudentsAtRisk');
      const reach = reachOf(actor, 'listStudentsAtRisk');
      const { limit, offset, ...filter } = request.query;
      // the kept reasons brought up to today, then read
      await refreshRiskReasons(db(), swissDay(new Date()));
      const found = await readAtRisk(db(), reach, actor.profileId, filter, { limit, offset });
      // grades of the students on the page were read: their read log says who and when
      await app.readLog.record(
        db(),
        actor,
        'students_at_risk',
        found.results.map(({ student }) => ({ studentId: student.id, objectId: null })),
      );
      return { ...page(request, request.query, found.count, found.results), groups: found.groups };
    },
  );
}
