import { sql } from 'drizzle-orm';
import type { AssessmentStatus } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledByShape } from '../db/rows.ts';
import { assessments } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';

/** The guard's statement, compiled once with the version check and once without. */
const bumpedRows = rowsCompiledByShape<
  { version: number; status: AssessmentStatus; isIncludedInGradeSummary: boolean },
  { id: number; expected: number },
  boolean
>(
  (guarded) => sql`update ${assessments} set version = version + 1, updated_at = now()
    where id = ${sql.placeholder('id')}
      ${guarded ? sql`and version = ${sql.placeholder('expected')}` : sql``}
    returning version, status, is_included_in_grade_summary as "isIncludedInGradeSummary"`,
);

/**
 * The optimistic-concurrency guard of every assessment write, first statement of its transaction:
 * `UPDATE … SET version = version + 1 WHERE id = ? AND version = ?`. No row → someone else wrote
 * first → 409 and the transaction rolls back. On PostgreSQL the row lock makes a concurrent writer
 * wait, then re-check the version and fail. Without `expected` (transitions called without a body)
 * the version is bumped unconditionally.
 */
export async function bumpVersion(tx: Queryable, assessmentId: number, expected?: number) {
  const guarded = expected !== undefined;
  const [row] = await bumpedRows(tx, guarded, { id: assessmentId, expected: expected ?? 0 });
  if (!row) throw conflict('staleVersion');
  return row;
}
