import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { moduleTemplates } from '../db/schema/index.ts';

/** A template changed (itself or its tree): a new version, a new updated_at. */
export async function touchTemplate(q: Queryable, templateId: number) {
  await q
    .update(moduleTemplates)
    .set({ version: sql`${moduleTemplates.version} + 1`, updatedAt: new Date() })
    .where(eq(moduleTemplates.id, templateId));
}

/** The fields of a partial update that were given (drizzle refuses an empty SET). */
export const definedOnly = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
