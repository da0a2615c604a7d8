/**
 * The body of a whole-tree save: `PUT /modules/templates/{id}/tree/`, and the optional `blocks`
 * of `POST /modules/templates/` (docs/decisions.md). Blocks and criteria take the fields of their
 * own create and patch bodies; `order` and `parent` come from where they stand in the tree. A tree
 * may come back as it was read: its read-only keys are taken and ignored, any other unknown key is
 * refused by name.
 */
import { z } from 'zod';
import { blockTemplateFields } from './block-templates.ts';
import { id, version } from './common.ts';
import { checkFlags, criterionTemplateFields } from './criterion-templates.ts';
import { moduleTemplateCreateSchema, moduleTemplatePatchSchema } from './module-templates.ts';

/**
 * A tree item's id: a number updates that item, a string containing "temp" creates one (spec
 * section 5). Without an id (or null) the item is skipped and reported.
 */
const treeItemId = z.union([id, z.string().regex(/temp/)]).nullish();

const { block: _block, order: _criterionOrder, ...criterionFields } = criterionTemplateFields;

/** Keys of the tree as it is read that a save ignores: where an item stands, what one may do. */
const readOnly = z.unknown().optional();

const treeCriterionSchema = z
  .object({
    ...criterionFields,
    id: treeItemId,
    order: readOnly,
    block: readOnly,
    permissions: readOnly,
  })
  .partial()
  .required({ name: true })
  .superRefine(checkFlags);

const { order: _blockOrder, ...blockFields } = blockTemplateFields;

const treeBlockFields = z
  .object({ ...blockFields, id: treeItemId, order: readOnly })
  .partial()
  .required({ name: true });

export type TreeCriterionInput = z.output<typeof treeCriterionSchema>;
export interface TreeBlockInput extends z.output<typeof treeBlockFields> {
  criteria?: TreeCriterionInput[] | undefined;
  blocks?: TreeBlockInput[] | undefined;
}

/** A block with its criteria or its nested blocks (never both: checked by the planner). */
const treeBlockSchema: z.ZodType<TreeBlockInput, unknown> = treeBlockFields.extend({
  criteria: z.array(treeCriterionSchema).optional(),
  get blocks() {
    return z.array(treeBlockSchema).optional();
  },
});
// a recursive schema is a named component of the OpenAPI document, which its $refs point to
treeBlockSchema.register(z.globalRegistry, { id: 'TreeBlockInput' });

const treeBlocksSchema = z.array(treeBlockSchema);

/** PUT /modules/templates/{id}/tree/: the template's fields, its version, the whole tree. */
export const templateTreeSaveSchema = z.object({
  template: moduleTemplatePatchSchema.optional(),
  /** The template version the editor read: a newer one answers 409. */
  version: version.optional(),
  blocks: treeBlocksSchema,
});

/** POST /modules/templates/ with an optional tree, created in the same transaction. */
export const moduleTemplateCreateWithTreeSchema = moduleTemplateCreateSchema.extend({
  blocks: treeBlocksSchema.optional(),
});

export type TemplateTreeSave = z.output<typeof templateTreeSaveSchema>;
