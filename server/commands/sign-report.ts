import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SignatureRole } from '../../domain/constants.ts';
import type { Db, Queryable } from '../db/client.ts';
import { signatures } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { rowsOf } from '../db/rows.ts';
import { recordAudit } from './audit.ts';

/** PostgreSQL's unique_violation: the party's sign-off landed first in another request. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/**
 * POST /assessments/{id}/sign/ (authorized by the caller as `role`): in one transaction the report
 * is read under a share lock (a reopening waits, or has voided it first) and must still be
 * validated, then the sign-off with who, when and the report's version, and the audit row. A second sign-off of the same party
 * meets the unique index: 409.
 */
export async function signReport(
  db: Db,
  actor: Actor,
  assessmentId: number,
  role: SignatureRole,
  comment: string,
) {
  try {
    await db.transaction(async (tx) => {
      const [row] = await rowsOf<{ status: string; version: number }>(
        tx,
        sql`select status, version from assessments where id = ${assessmentId} for share`,
      );
      if (row?.status === 'IN_PROGRESS') throw conflict('reportNotValidated');
      await tx.insert(signatures).values({
        assessmentId,
        role,
        profileId: actor.profileId!,
        comment,
        assessmentVersion: row!.version,
      });
      await recordAudit(tx, actor, {
        action: 'sign',
        entity: 'assessment',
        entityId: assessmentId,
        newValue: { role, profile: actor.profileId, version: row!.version, comment },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('reportAlreadySigned');
    throw error;
  }
}

/** Reopening a report voids its sign-offs, in the reopening's transaction (kept, marked voided). */
export async function voidSignatures(tx: Queryable, actor: Actor, assessmentId: number) {
  const voided = await tx
    .update(signatures)
    .set({ voidedAt: new Date() })
    .where(and(eq(signatures.assessmentId, assessmentId), isNull(signatures.voidedAt)))
    .returning({ role: signatures.role, profileId: signatures.profileId });
  if (voided.length > 0)
    await recordAudit(tx, actor, {
      action: 'void_signatures',
      entity: 'assessment',
      entityId: assessmentId,
      oldValue: voided.map((s) => ({ role: s.role, profile: s.profileId })),
    });
}
