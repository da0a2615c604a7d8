import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { runNamed } from '../db/rows.ts';
import { assessments } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';

/**
 * The optimistic-concurrency guard of every assessment write, first statement of its transaction:
 * `UPDATE … SET version = version + 1 WHERE id = ? AND version = ?`. No row → someone else wrote
 * first → 409 and the transaction rolls back. On PostgreSQL the row lock makes a concurrent writer
 * wait, then re-check the version and fail. Without `expected` (transitions called without a body)
 * the version is bumped unconditionally.
 */
export async function bumpVersion(tx: Queryable, assessmentId: number, expected?: number) {
  const [row] = await runNamed(
    tx
      .update(assessments)
      .set({ version: sql`${assessments.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(assessments.id, assessmentId),
          expected === undefined ? undefined : eq(assessments.version, expected),
        ),
      )
      .returning({
        version: assessments.version,
        status: assessments.status,
        isIncludedInGradeSummary: assessments.isIncludedInGradeSummary,
      }),
  );
  if (!row) throw conflict('staleVersion');
  return row;
}
