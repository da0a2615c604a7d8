import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { cohorts, cohortStudents } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { readCohortStudents } from '../queries/cohorts.ts';
import type { CohortRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';
import { checkUnitMembers } from './unit-members.ts';

/**
 * Renames a cohort and/or replaces its students, who must be STUDENTs of its unit (400 on
 * `students`); changeCohort is authorized by the caller. One transaction with its audit row.
 */
export async function changeCohort(
  db: Queryable,
  actor: Actor,
  cohort: CohortRow,
  changes: { name?: string; students?: number[] },
): Promise<CohortRow> {
  const studentIds =
    changes.students &&
    (await checkUnitMembers(db, cohort.unitId, changes.students, ['STUDENT'], {
      field: 'students',
      key: 'cohortStudentNotInUnit',
    }));
  return db.transaction(async (tx) => {
    const before = (await readCohortStudents(tx, [cohort.id])).get(cohort.id)!;
    const [row] = await tx
      .update(cohorts)
      .set({ ...(changes.name !== undefined ? { name: changes.name } : {}), updatedAt: new Date() })
      .where(eq(cohorts.id, cohort.id))
      .returning();
    if (studentIds) {
      await tx.delete(cohortStudents).where(eq(cohortStudents.cohortId, cohort.id));
      if (studentIds.length > 0)
        await tx
          .insert(cohortStudents)
          .values(studentIds.map((studentId) => ({ cohortId: cohort.id, studentId })));
    }
    await recordAudit(tx, actor, {
      action: 'change',
      entity: 'cohort',
      entityId: cohort.id,
      oldValue: { name: cohort.name, students: before },
      newValue: changes,
    });
    return row!;
  });
}
