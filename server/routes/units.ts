import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { units } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { badRequest } from '../lib/errors.ts';
import { pagedList } from '../queries/paged-list.ts';
import { loadUnit, requirePermission } from '../policies/people.ts';
import { unitScope } from '../policies/people-scope.ts';
import { requireActor } from '../policies/require-actor.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { page } from '../presenters/page.ts';
import { presentUnit, unitSchema } from '../presenters/unit.ts';

const unitBody = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(20),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

async function ensureCodeFree(db: Queryable, code: string, exceptId?: number) {
  const same = sql`lower(${units.code}) = lower(${code})`;
  const [taken] = await db
    .select({ id: units.id })
    .from(units)
    .where(exceptId ? and(same, ne(units.id, exceptId)) : same);
  if (taken) throw badRequest('code', 'unitCodeTaken');
}

/** Units: ADMIN everywhere; everybody else reads the units they hold an assignment in. */
export async function unitRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['units'];

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...pagingQuery, search: z.string().max(100).optional() }),
        response: { 200: pageSchema(unitSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { limit, offset, search } = request.query;
      const term = search?.trim() ? `%${search.trim().toLowerCase()}%` : undefined;
      const where = and(
        unitScope(actor),
        term
          ? sql`(lower(${units.name}) like ${term} or lower(${units.code}) like ${term})`
          : undefined,
      );
      const byName = { columns: { name: units.name }, fallback: 'name' };
      const { total, rows } = await pagedList(db, units, where, byName, { limit, offset });
      return page(request, { limit, offset }, total, rows.map(presentUnit));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: unitSchema } } },
    async (request) => presentUnit(await loadUnit(db, requireActor(request), request.params.id)),
  );

  route.post(
    '/',
    { schema: { tags, body: unitBody, response: { 201: unitSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addUnit');
      const unit = await db.transaction(async (tx) => {
        await ensureCodeFree(tx, request.body.code);
        const [created] = await tx.insert(units).values(request.body).returning();
        const json = presentUnit(created!);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'unit',
          entityId: json.id,
          newValue: json,
        });
        return json;
      });
      return reply.code(201).send(unit);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params: idParams, body: unitBody.partial(), response: { 200: unitSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return db.transaction(async (tx) => {
        const before = await loadUnit(tx, actor, request.params.id, 'changeUnit');
        if (request.body.code !== undefined) await ensureCodeFree(tx, request.body.code, before.id);
        const [after] = await tx
          .update(units)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(units.id, before.id))
          .returning();
        const json = presentUnit(after!);
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'unit',
          entityId: before.id,
          oldValue: presentUnit(before),
          newValue: json,
        });
        return json;
      });
    },
  );
}
