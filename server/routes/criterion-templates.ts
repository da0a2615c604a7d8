import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presetFields } from '../../domain/criterion-presets.ts';
import { criterionTemplateErrors } from '../../domain/schemas/criterion-templates.ts';
import type { CriterionRow } from '../presenters/tree.ts';
import type { Db } from '../db/client.ts';
import { criterionTemplates } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import {
  findBlockWithTemplate,
  findCriterionWithTemplate,
  nestedBlockCount,
  nextCriterionOrder,
} from '../commands/template-parts.ts';
import { definedOnly, touchTemplate } from '../commands/touch-template.ts';
import { badRequest, notFound, ValidationError } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { requireActor } from '../policies/require-actor.ts';
import { authorizeTemplate, canSeeTemplate } from '../policies/templates.ts';
import {
  criterionTemplateSchema,
  partPermissions,
  presentCriterionTemplate,
} from '../presenters/templates.ts';
import { criterionCreateBody, criterionPatchBody } from './inputs/templates.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
type CriterionBody = z.infer<typeof criterionPatchBody>;

/** A block named in a body: out of sight reads as missing, read-only → 403, and it holds no nested blocks. */
async function blockForCriteria(db: Db, actor: Actor, blockId: number) {
  const found = await findBlockWithTemplate(db, blockId);
  if (!found || !canSeeTemplate(actor, found.template))
    throw badRequest('block', 'referencedObjectMissing');
  authorizeTemplate(actor, 'changeModuleTemplate', found.template);
  if ((await nestedBlockCount(db, blockId)) > 0) throw badRequest('block', 'blockHoldsBlocks');
  return found;
}

/** The columns a body sets: the preset's fields first, then whatever the body gives. */
function columnsOf(body: CriterionBody) {
  const preset = body.preset ? presetFields(body.preset) : undefined;
  return definedOnly({
    name: body.name,
    order: body.order,
    description: body.description,
    hasEvaluation: body.has_evaluation ?? preset?.has_evaluation,
    hasTextInput: body.has_text_input ?? preset?.has_text_input,
    hasProgression: body.has_progression ?? preset?.has_progression,
    flags: body.flags ?? preset?.flags,
    grade: body.grade !== undefined ? body.grade : preset?.grade,
    letterEvaluation:
      body.letter_evaluation !== undefined ? body.letter_evaluation : preset?.letter_evaluation,
    points: body.points,
  });
}

/** The rules across fields, on what the criterion will be once saved. */
function checkFinal(
  row: Omit<CriterionRow, 'id' | 'blockId' | 'order' | 'name' | 'description' | 'points'>,
) {
  const errors = criterionTemplateErrors({
    has_evaluation: row.hasEvaluation,
    has_text_input: row.hasTextInput,
    has_progression: row.hasProgression,
    flags: row.flags,
    grade: row.grade,
    letter_evaluation: row.letterEvaluation,
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const NEW_CRITERION = {
  hasEvaluation: false,
  hasTextInput: false,
  hasProgression: false,
  flags: [],
  grade: null,
  letterEvaluation: null,
};

export async function criterionTemplateRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['criterion templates'];

  async function loadForAction(
    actor: Actor,
    id: number,
    permission: 'listModuleTemplate' | 'changeModuleTemplate',
  ) {
    const found = await findCriterionWithTemplate(db(), id);
    if (!found) throw notFound();
    authorizeTemplate(actor, permission, found.template);
    return found;
  }

  route.post(
    '/',
    { schema: { tags, body: criterionCreateBody, response: { 201: criterionTemplateSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      const { block, template } = await blockForCriteria(db(), actor, body.block);
      const columns = columnsOf(body);
      checkFinal({ ...NEW_CRITERION, ...columns });
      const criterion = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(criterionTemplates)
          .values({
            ...columns,
            name: body.name,
            blockId: block.id,
            order: body.order ?? (await nextCriterionOrder(tx, block.id)),
          })
          .returning();
        await touchTemplate(tx, template.id);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'criterion_template',
          entityId: row!.id,
          newValue: body,
        });
        return row!;
      });
      return reply
        .code(201)
        .send(presentCriterionTemplate(criterion, partPermissions(actor, template)));
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params, response: { 200: criterionTemplateSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { criterion, template } = await loadForAction(
        actor,
        request.params.id,
        'listModuleTemplate',
      );
      return presentCriterionTemplate(criterion, partPermissions(actor, template));
    },
  );

  route.patch(
    '/:id/',
    {
      schema: {
        tags,
        params,
        body: criterionPatchBody,
        response: { 200: criterionTemplateSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { criterion, template } = await loadForAction(
        actor,
        request.params.id,
        'changeModuleTemplate',
      );
      const body = request.body;
      if (body.block !== undefined && body.block !== criterion.blockId) {
        const target = await blockForCriteria(db(), actor, body.block);
        if (target.template.id !== template.id)
          throw badRequest('block', 'blockParentOtherTemplate');
      }
      const columns = {
        ...columnsOf(body),
        ...(body.block !== undefined ? { blockId: body.block } : {}),
      };
      checkFinal({ ...criterion, ...columns });
      if (Object.keys(columns).length === 0)
        return presentCriterionTemplate(criterion, partPermissions(actor, template));
      const updated = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(criterionTemplates)
          .set(columns)
          .where(eq(criterionTemplates.id, criterion.id))
          .returning();
        await touchTemplate(tx, template.id);
        await recordAudit(tx, actor, {
          action: 'change',
          entity: 'criterion_template',
          entityId: criterion.id,
          oldValue: criterion,
          newValue: body,
        });
        return row!;
      });
      return presentCriterionTemplate(updated, partPermissions(actor, template));
    },
  );

  route.delete('/:id/', { schema: { tags, params } }, async (request, reply) => {
    const actor = requireActor(request);
    const { criterion, template } = await loadForAction(
      actor,
      request.params.id,
      'changeModuleTemplate',
    );
    await db().transaction(async (tx) => {
      await tx.delete(criterionTemplates).where(eq(criterionTemplates.id, criterion.id));
      await touchTemplate(tx, template.id);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'criterion_template',
        entityId: criterion.id,
        oldValue: criterion,
      });
    });
    return reply.code(204).send();
  });
}
