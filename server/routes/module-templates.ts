import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { cohorts, criterionBlockTemplates, modules, moduleTemplates } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { requireUnit } from '../commands/require-unit.ts';
import { setStatus } from '../commands/set-status.ts';
import { duplicateTemplate, findTemplate } from '../commands/duplicate-template.ts';
import { instanciateTemplate } from '../commands/instanciate-template.ts';
import { loadTemplateTree } from '../commands/template-tree.ts';
import { saveTemplateTree, writeTemplateTree } from '../commands/save-template-tree.ts';
import type { SkippedItem } from '../../domain/template-tree-save.ts';
import { loadFrozen } from '../commands/frozen-tree.ts';
import { AppError, badRequest, conflict, notFound, ValidationError } from '../lib/errors.ts';
import { idsByOwner } from '../lib/ids-by-owner.ts';
import { pagedList, type ListOrdering } from '../queries/paged-list.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeCreation } from '../policies/authorize.ts';
import { loadModuleTarget } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { authorizeTemplate, templateListWhere } from '../policies/templates.ts';
import { moduleDetailSchema, presentModule } from '../presenters/modules.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import { page } from '../presenters/page.ts';
import {
  presentTemplate,
  presentTemplateDetail,
  templateDetailSchema,
  templateSchema,
} from '../presenters/templates.ts';
import { archiveRoutes } from './archive-routes.ts';
import {
  duplicateBody,
  instanciateBody,
  templateCreateWithTreeBody,
  templateListQuery,
  templatePatchBody,
  templateTreeBody,
} from './inputs/templates.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
type TemplateRow = typeof moduleTemplates.$inferSelect;
const templateOrdering: ListOrdering = {
  columns: {
    template_name: moduleTemplates.templateName,
    created_at: moduleTemplates.createdAt,
    updated_at: moduleTemplates.updatedAt,
    module_type: moduleTemplates.moduleType,
  },
  fallback: 'template_name',
};

/** The top-level block ids of each template, in order: `criterion_blocks`. */
function topBlockIds(db: Db, templateIds: number[]) {
  return idsByOwner(templateIds, () =>
    db
      .select({ owner: criterionBlockTemplates.templateId, id: criterionBlockTemplates.id })
      .from(criterionBlockTemplates)
      .where(
        and(
          inArray(criterionBlockTemplates.templateId, templateIds),
          isNull(criterionBlockTemplates.parentId),
        ),
      )
      .orderBy(asc(criterionBlockTemplates.order), asc(criterionBlockTemplates.id)),
  );
}

async function loadTemplate(db: Db, id: number, notFoundError?: AppError) {
  const template = await findTemplate(db, id);
  if (!template) throw notFoundError ?? notFound();
  return template;
}

async function detail(db: Db, actor: Actor, template: TemplateRow) {
  const { blocks, criteria } = await loadTemplateTree(db, template.id);
  return presentTemplateDetail(actor, template, blocks, criteria);
}

/** The answer of a tree save: the template detail and how many items were skipped. */
const savedTreeSchema = templateDetailSchema.extend({ skipped: z.number().int() });

/** Spec section 5: a child without id is skipped and logged as an error. */
function logSkipped(request: FastifyRequest, templateId: number, skipped: SkippedItem[]) {
  for (const item of skipped)
    request.log.error(
      { template: templateId, kind: item.kind, path: item.path, name: item.name },
      'template tree: item without id skipped',
    );
}

function listWhere(actor: Actor, query: z.infer<z.ZodObject<typeof templateListQuery>>): SQL {
  const conditions: (SQL | undefined)[] = [templateListWhere(actor)];
  if (query.module_type) conditions.push(eq(moduleTemplates.moduleType, query.module_type));
  if (query.language) conditions.push(eq(moduleTemplates.language, query.language));
  if (query.status) conditions.push(eq(moduleTemplates.status, query.status));
  if (query.unit) conditions.push(eq(moduleTemplates.unitId, query.unit));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      or(ilike(moduleTemplates.templateName, pattern), ilike(moduleTemplates.description, pattern)),
    );
  }
  return and(...conditions)!;
}

export async function moduleTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['module templates'];

  route.get(
    '/',
    {
      schema: {
        tags,
        querystring: z.object({ ...templateListQuery, ...pagingQuery }),
        response: { 200: pageSchema(templateSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const query = request.query;
      const { total, rows } = await pagedList(
        db(),
        moduleTemplates,
        listWhere(actor, query),
        templateOrdering,
        query,
      );
      const blocks = await topBlockIds(
        db(),
        rows.map((r) => r.id),
      );
      return page(
        request,
        query,
        total,
        rows.map((r) => presentTemplate(actor, r, blocks.get(r.id)!)),
      );
    },
  );

  route.post(
    '/',
    { schema: { tags, body: templateCreateWithTreeBody, response: { 201: savedTreeSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const unitId = body.unit ?? null;
      if (unitId !== null) await requireUnit(db(), unitId);
      authorizeCreation(actor, 'addModuleTemplate', unitId);
      const { template, skipped } = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(moduleTemplates)
          .values({
            templateName: body.template_name,
            moduleType: body.module_type,
            description: body.description,
            language: body.language ?? request.locale,
            roundingFormula: body.rounding_formula,
            graded: body.graded,
            unitId,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'module_template',
          entityId: row!.id,
          newValue: body,
        });
        const empty = { blocks: [], criteria: [] };
        const skipped = body.blocks ? await writeTemplateTree(tx, row!.id, body.blocks, empty) : [];
        return { template: row!, skipped };
      });
      logSkipped(request, template.id, skipped);
      return reply
        .code(201)
        .send({ ...(await detail(db(), actor, template)), skipped: skipped.length });
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: templateDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), request.params.id);
      authorizeTemplate(actor, 'listModuleTemplate', template);
      return detail(db(), actor, template);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: templatePatchBody, response: { 200: templateDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), request.params.id);
      authorizeTemplate(actor, 'changeModuleTemplate', template);
      const body = request.body;
      const changes = {
        templateName: body.template_name,
        moduleType: body.module_type,
        description: body.description,
        language: body.language,
        roundingFormula: body.rounding_formula,
        graded: body.graded,
      };
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(moduleTemplates)
          .set({ ...changes, version: template.version + 1, updatedAt: new Date() })
          .where(eq(moduleTemplates.id, template.id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'change',
          entity: 'module_template',
          entityId: template.id,
          oldValue: presentTemplate(actor, template, []),
          newValue: body,
        });
        return row!;
      });
      return detail(db(), actor, updated);
    },
  );

  route.put(
    '/:id/tree/',
    { schema: { tags, params, body: templateTreeBody, response: { 200: savedTreeSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), request.params.id);
      authorizeTemplate(actor, 'changeModuleTemplate', template);
      const saved = await saveTemplateTree(db(), actor, template, request.body);
      logSkipped(request, template.id, saved.skipped);
      return { ...(await detail(db(), actor, saved.template)), skipped: saved.skipped.length };
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const template = await loadTemplate(db(), request.params.id);
    authorizeTemplate(actor, 'deleteModuleTemplate', template);
    await db().transaction(async (tx) => {
      const [{ used } = { used: 0 }] = await tx
        .select({ used: count() })
        .from(modules)
        .where(eq(modules.templateId, template.id));
      if (used > 0) throw conflict('templateInUse', [used]);
      await tx.delete(moduleTemplates).where(eq(moduleTemplates.id, template.id));
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'module_template',
        entityId: template.id,
        oldValue: presentTemplate(actor, template, []),
      });
    });
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: templateDetailSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    async change(actor, id, action, status) {
      const row = await loadTemplate(db(), id);
      authorizeTemplate(actor, 'archiveModuleTemplate', row);
      const updated = await setStatus(db(), actor, {
        table: moduleTemplates,
        entity: 'module_template',
        row,
        action,
        status,
      });
      return detail(db(), actor, updated);
    },
  });

  route.post(
    '/:id/duplicate/',
    { schema: { tags, params, body: duplicateBody, response: { 201: templateDetailSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const missing = new AppError(404, 'templateCopySourceNotFound');
      const source = await loadTemplate(db(), request.params.id, missing);
      authorizeTemplate(actor, 'listModuleTemplate', source, missing);
      const unitId = request.body.unit === undefined ? source.unitId : request.body.unit;
      if (unitId !== null) await requireUnit(db(), unitId);
      authorizeCreation(actor, 'addModuleTemplate', unitId);
      const copy = await duplicateTemplate(db(), actor, source, unitId);
      return reply.code(201).send(await detail(db(), actor, copy));
    },
  );

  route.post(
    '/:id/instanciate/',
    { schema: { tags, params, body: instanciateBody, response: { 201: moduleDetailSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), request.params.id);
      authorizeTemplate(actor, 'listModuleTemplate', template);
      const body = request.body;
      const unitId = await instanciationUnit(db(), template, body);
      authorizeCreation(actor, 'addModuleInstance', unitId);
      if (template.status === 'ARCHIVED') throw badRequest('non_field_errors', 'templateArchived');
      const module = await instanciateTemplate(db(), actor, template, {
        name: body.name,
        unitId,
        cohortId: body.cohort,
        startDate: body.start_date,
        endDate: body.end_date,
      });
      const target = (await loadModuleTarget(db(), module.id))!;
      const frozen = await loadFrozen(db(), module.id);
      return reply.code(201).send({ ...presentModule(actor, module, target), ...frozen });
    },
  );
}

/** The unit a new module goes to: the template's own, or the one named for a shared template. */
async function instanciationUnit(
  db: Db,
  template: TemplateRow,
  body: z.output<typeof instanciateBody>,
) {
  const fields: ValidationError['fields'] = {};
  const unitId = body.unit ?? template.unitId;
  if (unitId === null) fields.unit = [{ key: 'required' }];
  else if (template.unitId !== null && unitId !== template.unitId)
    fields.unit = [{ key: 'invalidChoice' }];
  else if (body.unit !== undefined) await requireUnit(db, unitId);
  if (unitId !== null && body.cohort) {
    const [cohort] = await db
      .select({ unitId: cohorts.unitId })
      .from(cohorts)
      .where(eq(cohorts.id, body.cohort));
    if (!cohort) fields.cohort = [{ key: 'referencedObjectMissing' }];
    else if (cohort.unitId !== unitId) fields.cohort = [{ key: 'cohortOtherUnit' }];
  }
  if (body.start_date && body.end_date && body.end_date < body.start_date)
    fields.end_date = [{ key: 'moduleEndBeforeStart' }];
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return unitId!;
}
