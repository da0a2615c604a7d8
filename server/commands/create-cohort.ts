import type { Queryable } from '../db/client.ts';
import { cohorts } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { CohortRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';

/** A new cohort, ACTIVE and without students (addCohort, authorized by the caller). */
export function createCohort(
  db: Queryable,
  actor: Actor,
  input: { name: string; unit: number },
): Promise<CohortRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cohorts)
      .values({ name: input.name, unitId: input.unit, status: 'ACTIVE' })
      .returning();
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'cohort',
      entityId: row!.id,
      newValue: input,
    });
    return row!;
  });
}
