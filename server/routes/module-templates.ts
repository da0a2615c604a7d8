import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  duplicateBody,
  instanciateBody,
  moduleTemplatePatchSchema,
  templateListQuery,
} from '../../domain/schemas/module-templates.ts';
import { moduleDetailSchema } from '../../domain/schemas/modules.ts';
import { pageSchema, pagingQuery } from '../../domain/schemas/page.ts';
import {
  moduleTemplateCreateWithTreeSchema,
  templateTreeSaveSchema,
} from '../../domain/schemas/template-tree.ts';
import {
  savedTreeSchema,
  templateDetailSchema,
  templateSchema,
} from '../../domain/schemas/templates.ts';
import type { SkippedItem } from '../../domain/template-tree-save.ts';
import { changeTemplate } from '../commands/change-template.ts';
import { createTemplate } from '../commands/create-template.ts';
import { deleteTemplate } from '../commands/delete-template.ts';
import { duplicateTemplate } from '../commands/duplicate-template.ts';
import { instanciateTemplate, instanciationUnit } from '../commands/instanciate-template.ts';
import { requireUnit } from '../commands/require-unit.ts';
import { saveTemplateTree } from '../commands/save-template-tree.ts';
import { setStatus } from '../commands/set-status.ts';
import { archiveRoutes } from '../lib/archive-routes.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeCreation } from '../policies/authorize.ts';
import { loadModuleTarget, modulePermissions } from '../policies/modules.ts';
import { requireActor } from '../policies/require-actor.ts';
import { loadTemplate, templatePermissions } from '../policies/templates.ts';
import { presentFrozenTree, presentModule } from '../presenters/modules.ts';
import { page } from '../presenters/page.ts';
import { presentTemplate, presentTemplateDetail } from '../presenters/templates.ts';
import { readFrozenTree } from '../queries/modules.ts';
import type { TemplateRow } from '../queries/rows.ts';
import { listTemplates, readTemplateTree } from '../queries/templates.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['module templates'];

/** Spec section 5: a child without id is skipped and logged as an error. */
function logSkipped(request: FastifyRequest, templateId: number, skipped: SkippedItem[]) {
  for (const item of skipped)
    request.log.error(
      { template: templateId, kind: item.kind, path: item.path, name: item.name },
      'template tree: item without id skipped',
    );
}

export async function moduleTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  /** The template with its tree, as `actor` sees it. */
  async function detail(actor: Actor, template: TemplateRow) {
    const tree = await readTemplateTree(db(), template.id);
    return presentTemplateDetail(template, tree, templatePermissions(actor, template));
  }

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
      const { total, rows, blocks } = await listTemplates(db(), actor, request.query);
      const results = rows.map((row) =>
        presentTemplate(row, blocks.get(row.id)!, templatePermissions(actor, row).template),
      );
      return page(request, request.query, total, results);
    },
  );

  route.post(
    '/',
    {
      schema: {
        tags,
        body: moduleTemplateCreateWithTreeSchema,
        response: { 201: savedTreeSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const unitId = request.body.unit ?? null;
      if (unitId !== null) await requireUnit(db(), unitId);
      authorizeCreation(actor, 'addModuleTemplate', unitId);
      const { template, skipped } = await createTemplate(db(), actor, request.body, {
        unitId,
        language: request.locale,
      });
      logSkipped(request, template.id, skipped);
      return reply.code(201).send({ ...(await detail(actor, template)), skipped: skipped.length });
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: templateDetailSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return detail(
        actor,
        await loadTemplate(db(), actor, request.params.id, 'listModuleTemplate'),
      );
    },
  );

  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params,
        body: moduleTemplatePatchSchema,
        response: { 200: templateDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), actor, request.params.id, 'changeModuleTemplate');
      return detail(actor, await changeTemplate(db(), actor, template, request.body));
    },
  );

  route.put(
    '/:id/tree/',
    { schema: { tags, params, body: templateTreeSaveSchema, response: { 200: savedTreeSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), actor, request.params.id, 'changeModuleTemplate');
      const saved = await saveTemplateTree(db(), actor, template, request.body);
      logSkipped(request, template.id, saved.skipped);
      return { ...(await detail(actor, saved.template)), skipped: saved.skipped.length };
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const template = await loadTemplate(db(), actor, request.params.id, 'deleteModuleTemplate');
    await deleteTemplate(db(), actor, template);
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: templateDetailSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    async change(actor, id, action, status) {
      const row = await loadTemplate(db(), actor, id, 'archiveModuleTemplate');
      const entity = 'module_template';
      return detail(actor, await setStatus(db(), actor, { entity, row, action, status }));
    },
  });

  route.post(
    '/:id/duplicate/',
    { schema: { tags, params, body: duplicateBody, response: { 201: templateDetailSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const missing = new AppError(404, 'templateCopySourceNotFound');
      const id = request.params.id;
      const source = await loadTemplate(db(), actor, id, 'listModuleTemplate', missing);
      const unitId = request.body.unit === undefined ? source.unitId : request.body.unit;
      if (unitId !== null) await requireUnit(db(), unitId);
      authorizeCreation(actor, 'addModuleTemplate', unitId);
      const copy = await duplicateTemplate(db(), actor, source, unitId);
      return reply.code(201).send(await detail(actor, copy));
    },
  );

  route.post(
    '/:id/instanciate/',
    { schema: { tags, params, body: instanciateBody, response: { 201: moduleDetailSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const template = await loadTemplate(db(), actor, request.params.id, 'listModuleTemplate');
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
      const tree = await readFrozenTree(db(), module.id);
      return reply.code(201).send({
        ...presentModule(module, modulePermissions(actor, target)),
        ...presentFrozenTree(tree.blocks, tree.criteria),
      });
    },
  );
}
