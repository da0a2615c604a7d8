import { z } from 'zod';
import type { FieldErrors } from './errors.ts';

/** The largest id, limit or offset the database holds (PostgreSQL `integer`). */
const MAX_INT = 2_147_483_647;

// a NUL cannot be stored in PostgreSQL text; a lone surrogate cannot be written as UTF-8
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

type Visit = (value: unknown, path: string) => boolean;

/** Every value in a request part, with its path (`rows.2.email`), until `visit` says stop. */
function walk(value: unknown, path: string, visit: Visit): void {
  if (!visit(value, path)) return;
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, join(path, String(i)), visit));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) walk(item, join(path, key), visit);
}
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Strings the database cannot store, as field errors (on the input, before any parsing). */
export function unstorableStrings(input: unknown): FieldErrors {
  const fields: FieldErrors = {};
  walk(input, '', (value, path) => {
    if (typeof value === 'string' && unstorable(value))
      (fields[path || 'non_field_errors'] ??= []).push({ key: 'invalidCharacters' });
    return true;
  });
  return fields;
}

/** Whole numbers beyond the database's integers, as field errors (on the parsed value). */
export function outOfRangeNumbers(parsed: unknown): FieldErrors {
  const fields: FieldErrors = {};
  walk(parsed, '', (value, path) => {
    if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) > MAX_INT))
      (fields[path || 'non_field_errors'] ??= []).push({ key: 'maxValue', params: [MAX_INT] });
    return true;
  });
  return fields;
}

/**
 * The schema with every object in it strict: a field the route does not take is refused by
 * name instead of being dropped without a word. Wrappers (optional, nullable, default, arrays,
 * unions, pipes, lazies) are rebuilt around their strict inner schemas; refinements are kept.
 */
export function strictDeep<T extends z.ZodType>(schema: T): T {
  const seen = new Map<z.ZodType, z.ZodType>();
  const inProgress = new Set<z.ZodType>();
  const visit = (node: z.ZodType): z.ZodType => {
    const done = seen.get(node);
    if (done) return done;
    // a recursive schema (a block of blocks) points back at itself: it resolves once built
    if (inProgress.has(node)) return z.lazy(() => seen.get(node)!);
    inProgress.add(node);
    const def = node._zod.def as unknown as Record<string, unknown>;
    const changes: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(def)) {
      if (child instanceof z.ZodType) changes[key] = visit(child);
      else if (Array.isArray(child) && child.every((c) => c instanceof z.ZodType))
        changes[key] = child.map(visit);
    }
    if (def.type === 'object') {
      const shape = def.shape as Record<string, z.ZodType>;
      changes.shape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, visit(v)]));
      if (!def.catchall) changes.catchall = z.never();
    }
    const result = Object.keys(changes).length ? node.clone({ ...def, ...changes } as never) : node;
    seen.set(node, result);
    inProgress.delete(node);
    return result;
  };
  return visit(schema) as T;
}
