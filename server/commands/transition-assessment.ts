import { eq } from 'drizzle-orm';
import type { AssessmentStatus } from '../../domain/constants.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { Db } from '../db/client.ts';
import { assessments, assessmentTransitions } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { transition, type AssessmentAction } from '../../domain/assessment-states.ts';
import { bumpVersion } from './assessment-version.ts';
import { recordAudit } from './audit.ts';
import { noticeSignaturesAwaited, noticeValidation } from '../notifications/validation-notices.ts';
import { countUnreviewedCarriedGoals } from '../queries/training-report.ts';
import { mailSignLinks } from './sign-links.ts';
import { voidSignatures } from './sign-report.ts';
import { swissDay } from '../../domain/school-calendar.ts';

/** The actions with their own route, POST /assessments/{id}/{action}/ (a move is a PATCH). */
export const TRANSITION_ROUTES = [
  'validate',
  'close',
  'reopen',
  'include_in_grade_summary',
  'exclude_from_grade_summary',
] as const satisfies readonly AssessmentAction[];
export type TransitionRoute = (typeof TRANSITION_ROUTES)[number];

export const TRANSITION_PERMISSIONS: Record<TransitionRoute, Permission> = {
  validate: 'validateAssessment',
  close: 'closeAssessment',
  reopen: 'reopenAssessment',
  include_in_grade_summary: 'includeAssessmentInGradeSummary',
  exclude_from_grade_summary: 'includeAssessmentInGradeSummary',
};

/** What a transition changes besides the status: who validated or closed, and when. */
function stampsOf(to: AssessmentStatus, from: AssessmentStatus, actor: Actor, now: Date) {
  if (to === from) return {};
  if (to === 'VALIDATED' && from === 'IN_PROGRESS')
    return { validatedAt: now, validatedBy: actor.userId };
  if (to === 'CLOSED') return { closedAt: now, closedBy: actor.userId };
  if (to === 'IN_PROGRESS')
    return { validatedAt: null, validatedBy: null, closedAt: null, closedBy: null };
  return {};
}

/**
 * Applies `action` (domain.md "Assessment states", domain/assessment-states.ts) in one transaction: version guard, state check
 * (409 with the reason; a training report with carried goals still unreviewed is not validated),
 * new status and stamps, a row in assessment_transitions, the audit trail; reopening voids a
 * training report's sign-offs, validating tells who must sign.
 */
export async function transitionAssessment(
  db: Db,
  actor: Actor,
  assessmentId: number,
  action: TransitionRoute,
  expectedVersion?: number,
  /** where the links of mails point (a training report's sign links) */
  origin = '',
) {
  await db.transaction(async (tx) => {
    const current = await bumpVersion(tx, assessmentId, expectedVersion);
    const result = transition(current.status, action);
    if (!result.ok) throw conflict(result.reason);
    if (action === 'validate') {
      const unreviewed = await countUnreviewedCarriedGoals(tx, assessmentId);
      if (unreviewed > 0) throw conflict('carriedGoalsUnreviewed', [unreviewed]);
    }
    if (action === 'reopen') await voidSignatures(tx, actor, assessmentId);
    const next = {
      status: result.to,
      isIncludedInGradeSummary:
        action === 'include_in_grade_summary'
          ? true
          : action === 'exclude_from_grade_summary'
            ? false
            : current.isIncludedInGradeSummary,
    };
    const now = new Date();
    await tx
      .update(assessments)
      .set({
        status: next.status,
        isIncludedInGradeSummary: next.isIncludedInGradeSummary,
        ...stampsOf(next.status, current.status, actor, now),
      })
      .where(eq(assessments.id, assessmentId));
    await tx.insert(assessmentTransitions).values({
      assessmentId,
      action,
      fromStatus: current.status,
      toStatus: next.status,
      actorUserId: actor.userId,
      at: now,
    });
    await recordAudit(tx, actor, {
      action,
      entity: 'assessment',
      entityId: assessmentId,
      oldValue: {
        status: current.status,
        is_included_in_grade_summary: current.isIncludedInGradeSummary,
      },
      newValue: {
        status: next.status,
        is_included_in_grade_summary: next.isIncludedInGradeSummary,
      },
    });
    if (action === 'validate') {
      await noticeValidation(tx, assessmentId, swissDay(now));
      await noticeSignaturesAwaited(tx, assessmentId, swissDay(now));
      await mailSignLinks(tx, assessmentId, origin, { now });
    }
  });
}
