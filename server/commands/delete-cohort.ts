import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { cohorts } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { readCohortStudents } from '../queries/cohorts.ts';
import type { CohortRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';

/** Deletes a cohort (deleteCohort, authorized by the caller), with its audit row. */
export function deleteCohort(db: Queryable, actor: Actor, cohort: CohortRow): Promise<void> {
  return db.transaction(async (tx) => {
    const students = (await readCohortStudents(tx, [cohort.id])).get(cohort.id)!;
    await tx.delete(cohorts).where(eq(cohorts.id, cohort.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'cohort',
      entityId: cohort.id,
      oldValue: { name: cohort.name, unit: cohort.unitId, students },
    });
  });
}
