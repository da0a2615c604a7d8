import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import { readLogEntry } from '../../domain/schemas/read-log.ts';
import { recordAudit } from '../commands/audit.ts';
import { eraseProfile } from '../commands/erase-profile.ts';
import { refreshRiskReasons } from '../commands/refresh-risk-reasons.ts';
import { resetSecondFactor } from '../auth/second-factor-reset.ts';
import { requirePermission } from '../policies/people.ts';
import { authorizePersonalRecords } from '../policies/personal-records.ts';
import { requireActor } from '../policies/require-actor.ts';
import { download, PDF } from '../presenters/download.ts';
import { page } from '../presenters/page.ts';
import { presentRead } from '../presenters/read-log.ts';
import { readPersonalData } from '../queries/personal-data.ts';
import { readReadLog } from '../queries/read-log.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['profiles'];

/**
 * What the platform keeps about a person, for the person, their legal representatives and admins
 * (registered under /profiles): GET /{id}/read-log/ (who read their grades) and
 * GET /{id}/data-export/ (every record, as one JSON download); and, for admins, POST /{id}/erase/
 * once the retention ran out.
 */
export async function personalRecordRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/:id/read-log/',
    {
      schema: {
        tags,
        params,
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(readLogEntry) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await authorizePersonalRecords(db(), actor, request.params.id);
      const { count, rows } = await readReadLog(db(), request.params.id, request.query);
      return page(request, request.query, count, rows.map(presentRead));
    },
  );

  route.post(
    '/:id/erase/',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'eraseProfile');
      await authorizePersonalRecords(db(), actor, request.params.id);
      await eraseProfile(db(), actor, request.params.id, app.deps.config.RETENTION_YEARS);
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/:id/second-factor-reset/',
    {
      schema: {
        tags,
        params,
        summary: 'Removes a person’s second factors (audited, mailed to them)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'resetSecondFactor');
      await resetSecondFactor(db(), actor, request.params.id);
      app.outbox.wake();
      return reply.code(204).send(null);
    },
  );

  route.get(
    '/:id/data-export/',
    {
      config: { rateLimit: 'export' },
      schema: {
        tags: ['exports'],
        params,
        querystring: z.object({ format: z.enum(['json', 'pdf']).default('json') }),
        produces: ['application/json', PDF],
        summary:
          'Everything the platform keeps about a person, as one JSON file or its readable PDF',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const profileId = request.params.id;
      await authorizePersonalRecords(db(), actor, profileId);
      // the warning signs as the at-risk list shows them today
      await refreshRiskReasons(db(), swissDay(new Date()));
      const data = await readPersonalData(db(), profileId);
      const exportedAt = new Date();
      await recordAudit(db(), actor, {
        action: 'data_export',
        entity: 'profile',
        entityId: profileId,
        newValue: { format: request.query.format },
      });
      const name = `evaluanda-data-${exportedAt.toISOString().slice(0, 10)}`;
      if (request.query.format === 'pdf') {
        const file = await app.exports.render({
          kind: 'personal-data-pdf',
          locale: request.locale,
          now: exportedAt.toISOString(),
          data: data ?? {},
        });
        return download(reply, PDF, `${name}.pdf`).send(file);
      }
      return download(reply, 'application/json', `${name}.json`).send(
        JSON.stringify({ exported_at: exportedAt.toISOString(), ...data }, null, 2),
      );
    },
  );
}
