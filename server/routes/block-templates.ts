import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { criterionBlockTemplates, moduleTemplates } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import {
  blockChildren,
  criterionCount,
  findBlockWithTemplate,
  isSelfOrDescendant,
  nextBlockOrder,
} from '../commands/template-parts.ts';
import { definedOnly, touchTemplate } from '../commands/touch-template.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import { authorizeTemplate, canSeeTemplate } from '../policies/templates.ts';
import { blockTemplateSchema, presentBlockTemplate } from '../presenters/templates.ts';
import { blockCreateBody, blockPatchBody } from './inputs/templates.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
type BlockRow = typeof criterionBlockTemplates.$inferSelect;

/** A template named in a body: out of sight reads as missing (400 on the field), 403 when read-only. */
async function templateForChange(db: Db, actor: Actor, templateId: number) {
  const [template] = await db
    .select()
    .from(moduleTemplates)
    .where(eq(moduleTemplates.id, templateId));
  if (!template || !canSeeTemplate(actor, template))
    throw badRequest('template', 'referencedObjectMissing');
  authorizeTemplate(actor, 'changeModuleTemplate', template);
  return template;
}

/** A new parent must be a block of the same template, not the block or below it, holding no criteria. */
async function checkParent(db: Db, templateId: number, parentId: number, movingBlockId?: number) {
  const found = await findBlockWithTemplate(db, parentId);
  if (!found) throw badRequest('parent', 'referencedObjectMissing');
  if (found.block.templateId !== templateId) throw badRequest('parent', 'blockParentOtherTemplate');
  if (movingBlockId !== undefined && (await isSelfOrDescendant(db, movingBlockId, parentId)))
    throw badRequest('parent', 'blockParentItself');
  if ((await criterionCount(db, parentId)) > 0) throw badRequest('parent', 'blockHoldsCriteria');
}

/** A block left out of the export weighs nothing: its coefficient is forced to "0". */
const coefficientOf = (includedInExport: boolean, coefficient: string | undefined) =>
  includedInExport ? coefficient : '0';

async function present(db: Db, block: BlockRow) {
  const children = await blockChildren(db, block.id);
  return presentBlockTemplate(block, children.criterionIds, children.blockIds);
}

export async function blockTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['block templates'];

  async function loadForAction(
    actor: Actor,
    id: number,
    permission: 'listModuleTemplate' | 'changeModuleTemplate',
  ) {
    const found = await findBlockWithTemplate(db(), id);
    if (!found) throw notFound();
    authorizeTemplate(actor, permission, found.template);
    return found;
  }

  route.post(
    '/',
    { schema: { tags, body: blockCreateBody, response: { 201: blockTemplateSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const template = await templateForChange(db(), actor, body.template);
      const parentId = body.parent ?? null;
      if (parentId !== null) await checkParent(db(), template.id, parentId);
      const included = body.should_include_in_export ?? true;
      const block = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(criterionBlockTemplates)
          .values({
            templateId: template.id,
            parentId,
            order: body.order ?? (await nextBlockOrder(tx, template.id, parentId)),
            name: body.name,
            reference: body.reference,
            referenceColor: body.reference_color,
            shouldIncludeInExport: included,
            isOneLine: body.is_one_line,
            gradingFormula: body.grading_formula,
            coefficient: coefficientOf(included, body.coefficient),
          })
          .returning();
        await touchTemplate(tx, template.id);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'criterion_block_template',
          entityId: row!.id,
          newValue: body,
        });
        return row!;
      });
      return reply.code(201).send(await present(db(), block));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: blockTemplateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { block } = await loadForAction(actor, request.params.id, 'listModuleTemplate');
      return present(db(), block);
    },
  );

  route.patch(
    '/:id/',
    { schema: { tags, params, body: blockPatchBody, response: { 200: blockTemplateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { block } = await loadForAction(actor, request.params.id, 'changeModuleTemplate');
      const body = request.body;
      if (body.parent !== undefined && body.parent !== null && body.parent !== block.parentId)
        await checkParent(db(), block.templateId, body.parent, block.id);
      const included = body.should_include_in_export ?? block.shouldIncludeInExport;
      const changes = definedOnly({
        parentId: body.parent,
        order: body.order,
        name: body.name,
        reference: body.reference,
        referenceColor: body.reference_color,
        shouldIncludeInExport: body.should_include_in_export,
        isOneLine: body.is_one_line,
        gradingFormula: body.grading_formula,
        coefficient: coefficientOf(included, body.coefficient),
      });
      if (Object.keys(changes).length === 0) return present(db(), block);
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(criterionBlockTemplates)
          .set(changes)
          .where(eq(criterionBlockTemplates.id, block.id))
          .returning();
        await touchTemplate(tx, block.templateId);
        await recordAudit(tx, actor, {
          action: 'change',
          entity: 'criterion_block_template',
          entityId: block.id,
          oldValue: block,
          newValue: body,
        });
        return row!;
      });
      return present(db(), updated);
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const { block } = await loadForAction(actor, request.params.id, 'changeModuleTemplate');
    await db().transaction(async (tx) => {
      await tx.delete(criterionBlockTemplates).where(eq(criterionBlockTemplates.id, block.id));
      await touchTemplate(tx, block.templateId);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'criterion_block_template',
        entityId: block.id,
        oldValue: block,
      });
    });
    return reply.code(204).send();
  });
}
