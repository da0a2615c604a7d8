import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { units } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';

/** A unit named in a request body must exist: 400 on `unit` otherwise. */
export async function requireUnit(db: Queryable, unitId: number): Promise<void> {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw badRequest('unit', 'referencedObjectMissing');
}
