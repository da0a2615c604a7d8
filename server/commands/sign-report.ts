import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SignatureRole } from '../../domain/constants.ts';
import type { Db, Queryable } from '../db/client.ts';
import { signatures, signLinks } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { rowsOf } from '../db/rows.ts';
import { recordAudit } from './audit.ts';

/**
 * Who signs: a signed-in person, or a legal representative following the link mailed to them
 * (no login: the audit row names no user, and the link is used up in the same transaction).
 */
export interface Signer {
  userId: number | null;
  profileId: number;
  linkId?: number;
}

/** Uses a sign link up; a second use, even at the same moment, is refused (409). */
async function useSignLink(tx: Queryable, linkId: number) {
  const [used] = await tx
    .update(signLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(signLinks.id, linkId), isNull(signLinks.usedAt)))
    .returning({ id: signLinks.id });
  if (!used) throw conflict('signLinkUsed');
}

/** PostgreSQL's unique_violation: the party's sign-off landed first in another request. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/**
 * POST /assessments/{id}/sign/ (authorized by the caller as `role`): in one transaction the report
 * is read under a row lock (a reopening waits, or has voided it first) and must still be
 * validated, then the sign-off with who, when and the report's version, and the audit row. A second sign-off of the same party
 * meets the unique index: 409. The lock is exclusive, so parties signing at once take turns: the
 * sign-off's trigger writes the report's `signed_roles`, which two shared locks would deadlock.
 */
export async function signReport(
  db: Db,
  signer: Signer,
  assessmentId: number,
  role: SignatureRole,
  comment: string,
) {
  try {
    await db.transaction(async (tx) => {
      if (signer.linkId !== undefined) await useSignLink(tx, signer.linkId);
      const [row] = await rowsOf<{ status: string; version: number }>(
        tx,
        sql`select status, version from assessments where id = ${assessmentId} for no key update`,
      );
      if (row?.status === 'IN_PROGRESS') throw conflict('reportNotValidated');
      await tx.insert(signatures).values({
        assessmentId,
        role,
        profileId: signer.profileId,
        comment,
        assessmentVersion: row!.version,
      });
      await recordAudit(tx, signer.userId === null ? null : { userId: signer.userId }, {
        action: 'sign',
        entity: 'assessment',
        entityId: assessmentId,
        newValue: {
          role,
          profile: signer.profileId,
          version: row!.version,
          comment,
          ...(signer.linkId === undefined ? {} : { by: 'sign_link' }),
        },
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
