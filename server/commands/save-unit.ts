import { and, eq, ne, sql } from 'drizzle-orm';
import type { UnitInput } from '../../domain/schemas/units.ts';
import type { Queryable } from '../db/client.ts';
import { units } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { UnitRow } from '../queries/rows.ts';
import { auditedUnit, recordAudit } from './audit.ts';

/** A unit's code is unique, whatever its case; 400 on `code` otherwise. */
async function ensureCodeFree(q: Queryable, code: string, exceptId?: number) {
  const same = sql`lower(${units.code}) = lower(${code})`;
  const [taken] = await q
    .select({ id: units.id })
    .from(units)
    .where(exceptId ? and(same, ne(units.id, exceptId)) : same);
  if (taken) throw badRequest('code', 'unitCodeTaken');
}

/** Creates a unit (addUnit, authorized by the caller), with its audit row; one transaction. */
export function createUnit(db: Queryable, actor: Actor, input: UnitInput): Promise<UnitRow> {
  return db.transaction(async (tx) => {
    await ensureCodeFree(tx, input.code);
    const [created] = await tx.insert(units).values(input).returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'unit',
      entityId: created!.id,
      newValue: auditedUnit(created!),
    });
    return created!;
  });
}

/** Changes a unit's name or code (changeUnit, authorized by the caller); one transaction. */
export function changeUnit(
  db: Queryable,
  actor: Actor,
  before: UnitRow,
  changes: Partial<UnitInput>,
): Promise<UnitRow> {
  return db.transaction(async (tx) => {
    if (changes.code !== undefined) await ensureCodeFree(tx, changes.code, before.id);
    const [after] = await tx
      .update(units)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(units.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'unit',
      entityId: before.id,
      oldValue: auditedUnit(before),
      newValue: auditedUnit(after!),
    });
    return after!;
  });
}
