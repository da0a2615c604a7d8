import { sql } from 'drizzle-orm';
import type { AssessmentStatus, ModuleStatus } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { assertAcceptsEvaluationChanges } from '../policies/assessments.ts';

/**
 * The report's status read under a share lock, inside the write's transaction: a validation that
 * committed since the caller's check refuses the write (409), one running waits for it.
 */
export async function assertStillInProgress(tx: Queryable, assessmentId: number) {
  const [row] = await rowsOf<{ status: AssessmentStatus; module_status: ModuleStatus }>(
    tx,
    sql`select a.status, m.status as module_status from assessments a
      join modules m on m.id = a.module_id where a.id = ${assessmentId} for share of a`,
  );
  assertAcceptsEvaluationChanges({ status: row!.status, moduleStatus: row!.module_status });
}
