/**
 * Saving the template editor in ONE call (contract C1): a new template is created with its tree
 * by POST /modules/templates/, an existing one saved by PUT /modules/templates/{id}/tree/. The
 * server writes all or nothing; a refusal's messages are routed back to the items they concern.
 */
import type { Locale, ModuleType, RoundingFormula } from '../../../../domain/constants.ts';
import { apiRequest } from '../../shared/api-client.ts';
import type { Logger } from '../../shared/logger.ts';
import type { TemplateDetailJson } from '../../shared/api/templates.ts';
import { itemKey, type EditorBlock, type EditorCriterion, type ItemId } from './editor-tree.ts';

export interface TemplateFieldValues {
  template_name: string;
  module_type: ModuleType;
  description: string;
  language: Locale;
  rounding_formula: RoundingFormula;
  graded: boolean;
}

type TreeCriterion = Omit<EditorCriterion, 'kind'>;
export interface TreeBlock extends Omit<EditorBlock, 'kind' | 'criteria' | 'blocks'> {
  criteria: TreeCriterion[];
  blocks: TreeBlock[];
}

/** The sent body's items by their path (`blocks.0.criteria.2`), to route refusals back. */
export type SentPaths = Map<string, string>;

const hasId = (item: { id?: ItemId | null }) =>
  item.id !== undefined && item.id !== null && item.id !== '';

/**
 * The tree as C1's `blocks`. Spec sections 5 and 8: a child without an id is skipped and
 * logged as an error (the server does the same). Order = position in the arrays.
 */
export function treeBody(blocks: readonly EditorBlock[], logger: Logger) {
  const paths: SentPaths = new Map();
  let skipped = 0;
  const keep = <T extends { id?: ItemId | null; name: string }>(
    list: readonly T[],
    where: string,
  ) =>
    list.filter((item) => {
      if (hasId(item)) return true;
      skipped += 1;
      logger.error(`Template save: child without id skipped (${where}, "${item.name}")`);
      return false;
    });
  const criterionOut = (c: EditorCriterion, path: string): TreeCriterion => {
    paths.set(path, itemKey(c));
    const { kind: _kind, ...fields } = c;
    return fields;
  };
  const blockOut = (b: EditorBlock, path: string): TreeBlock => {
    paths.set(path, itemKey(b));
    const { kind: _kind, criteria, blocks: children, ...fields } = b;
    return {
      ...fields,
      coefficient: b.should_include_in_export ? b.coefficient : '0',
      criteria: keep(criteria, path).map((c, i) => criterionOut(c, `${path}.criteria.${i}`)),
      blocks: keep(children, path).map((child, i) => blockOut(child, `${path}.blocks.${i}`)),
    };
  };
  const body = keep(blocks, 'blocks').map((b, i) => blockOut(b, `blocks.${i}`));
  return { blocks: body, paths, skipped };
}

/** Field messages per item key (`b:12` → {name: "…"}), and the template's own fields. */
export interface RoutedErrors {
  items: Record<string, Record<string, string>>;
  fields: Record<string, string>;
  /** messages that belong to no field shown: the summary lists them */
  rest: string[];
}

/** The longest sent item path that starts `path`, and what follows it (the item's field). */
function itemOf(path: string, paths: SentPaths): { key: string; field: string } | null {
  const parts = path.split('.');
  for (let length = parts.length; length >= 2; length -= 1) {
    const key = paths.get(parts.slice(0, length).join('.'));
    if (key) return { key, field: parts.slice(length).join('.') || 'non_field_errors' };
  }
  return null;
}

/**
 * Puts each message of a 400 answer next to what it concerns: `blocks.0.criteria.2.name` →
 * that criterion's name; `blocks.0.criteria` (a block holding both) → the block;
 * `template.template_name` or `template_name` → the template's field.
 */
export function routeErrors(
  fieldErrors: Record<string, string[]>,
  paths: SentPaths,
  templateFields: readonly string[],
): RoutedErrors {
  const routed: RoutedErrors = { items: {}, fields: {}, rest: [] };
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const text = messages.join(' ');
    const field = path.replace(/^template\./, '');
    const item = itemOf(path, paths);
    if (templateFields.includes(field)) routed.fields[field] = text;
    else if (item) {
      const errors = (routed.items[item.key] ??= {});
      errors[item.field] = errors[item.field] ? `${errors[item.field]} ${text}` : text;
    } else routed.rest.push(text);
  }
  return routed;
}

export interface SaveResult extends TemplateDetailJson {
  skipped?: number;
}

export function createTemplate(
  fields: TemplateFieldValues & { unit: number | null },
  blocks: TreeBlock[],
) {
  return apiRequest<SaveResult>('POST', '/modules/templates/', { ...fields, blocks });
}

export function saveTemplateTree(
  id: number,
  fields: TemplateFieldValues,
  version: number,
  blocks: TreeBlock[],
) {
  return apiRequest<SaveResult>('PUT', `/modules/templates/${id}/tree/`, {
    template: fields,
    version,
    blocks,
  });
}
