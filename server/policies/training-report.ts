import type { SignatureRole } from '../../domain/constants.ts';
import { can, reachOf } from '../../domain/policy.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import { missingSignatures, needsLegalRepresentative } from '../../domain/training-report.ts';
import { conflict, forbidden, notFound } from '../lib/errors.ts';
import type { AssessmentHeader } from '../queries/assessment-detail.ts';
import type { Actor } from './actor.ts';
import {
  assertAcceptsEvaluationChanges,
  authorizeAssessment,
  type AssessmentTarget,
} from './assessments.ts';

/**
 * Who may do what in the training report cycle (training-report.md): the student their own
 * self-assessment, view and sign-off, a legal representative the sign-off of a minor ward, the
 * instructors of the group the goals, their reviews and their sign-off; everyone who sees the
 * report reads it.
 */

/** 404 unless the assessment is a training report: the cycle's parts exist on no other. */
export function assertTrainingReport(header: AssessmentHeader | undefined) {
  if (header && header.module.moduleType !== 'TRAINING_REPORT') throw notFound();
}

/**
 * Reading the self-assessment: its student at any time (the report itself stays hidden from them
 * until validated), everyone else who sees the report.
 */
export function authorizeSelfAssessmentRead(actor: Actor, target: AssessmentTarget | undefined) {
  if (target && can(actor, 'writeSelfAssessment', target)) return;
  authorizeAssessment(actor, 'viewAssessment', target);
}

/** Writing the self-assessment: its student only, while the report is in progress. */
export function authorizeSelfAssessmentWrite(actor: Actor, target: AssessmentTarget | undefined) {
  authorizeSelfAssessmentRead(actor, target);
  if (!can(actor, 'writeSelfAssessment', target)) throw forbidden();
  assertAcceptsEvaluationChanges(target!);
}

/** Writing a report's goals or the reviews of the goals carried to it. */
export function authorizeGoalWrite(actor: Actor, target: AssessmentTarget | undefined) {
  authorizeAssessment(actor, 'writeTrainingGoals', target);
  assertAcceptsEvaluationChanges(target);
}

export const mayWriteGoals = (actor: Actor, target: AssessmentTarget) =>
  target.status === 'IN_PROGRESS' &&
  target.moduleStatus === 'OPEN' &&
  can(actor, 'writeTrainingGoals', target);

/**
 * The party the actor signs as: the student themselves, else a legal representative of theirs,
 * else an instructor of the report's group; null when they are none of these.
 */
function signingRole(actor: Actor, target: AssessmentTarget): SignatureRole | null {
  const as = (partial: Partial<AssessmentTarget>) => can(actor, 'signTrainingReport', partial);
  if (as({ studentProfileId: target.studentProfileId })) return 'STUDENT';
  if (as({ representativeProfileIds: target.representativeProfileIds }))
    return 'LEGAL_REPRESENTATIVE';
  if (as({ unitId: target.unitId, instructorProfileIds: target.instructorProfileIds }))
    return 'INSTRUCTOR';
  return null;
}

/** The parties a training report still waits for: none before it is validated. */
export function signaturesMissing(header: AssessmentHeader): SignatureRole[] {
  const { assessment, module, signOff } = header;
  if (module.moduleType !== 'TRAINING_REPORT' || assessment.validatedAt === null) return [];
  const needsRepresentative = needsLegalRepresentative(
    signOff.birthDate,
    swissDay(assessment.validatedAt),
    signOff.hasRepresentative,
  );
  return missingSignatures(
    signOff.signatures.map((s) => s.role),
    needsRepresentative,
  );
}

/**
 * The legal representative a sign link was mailed to, as the policies see a reader: their
 * ward's reports once validated. They have no login (user 0 is nobody); only reads and the
 * sign-off act for them.
 */
export const representativeActor = (link: {
  representative_id: number;
  unit_id: number;
}): Actor => ({
  userId: 0,
  email: '',
  profileId: link.representative_id,
  language: 'fr',
  isDataProcessingAccepted: true,
  assignments: [{ role: 'LEGAL_REPRESENTATIVE', unitId: link.unit_id }],
  sessionIdHash: '',
  secondFactor: 'NONE',
});

/** Whether the actor can sign the report now: a party it still waits for. */
export function maySign(actor: Actor, header: AssessmentHeader): boolean {
  const role = signingRole(actor, header.target);
  return role !== null && signaturesMissing(header).includes(role);
}

/** Sending the sign link again: a validated report that still waits for a legal representative. */
export function authorizeSignLinkResend(actor: Actor, header: AssessmentHeader | undefined) {
  authorizeAssessment(actor, 'sendSignLink', header?.target);
  if (!signaturesMissing(header!).includes('LEGAL_REPRESENTATIVE'))
    throw conflict(header!.assessment.validatedAt ? 'signatureNotNeeded' : 'reportNotValidated');
}

/**
 * Whose due reports the reader sees in `unitId` (their first unit when the caller had none): the
 * whole unit (`reachInstructorId` null) or the groups they instruct; 404 outside their reach.
 */
export function dueReportsScope(actor: Actor, unitId: number | undefined) {
  const reach = reachOf(actor, 'listDueReports');
  if (unitId === undefined) throw notFound();
  if (reach.all || reach.unitIds.includes(unitId)) return { unitId, reachInstructorId: null };
  if (reach.groupUnitIds.includes(unitId) && actor.profileId !== null)
    return { unitId, reachInstructorId: actor.profileId };
  throw notFound();
}

/** Signing: a party of a validated report who has not signed yet (403, 409 with the reason). */
export function authorizeSigning(actor: Actor, header: AssessmentHeader | undefined) {
  assertTrainingReport(header);
  authorizeAssessment(actor, 'signTrainingReport', header?.target);
  const role = signingRole(actor, header!.target);
  if (role === null) throw forbidden();
  if (header!.assessment.validatedAt === null) throw conflict('reportNotValidated');
  if (!signaturesMissing(header!).includes(role))
    throw conflict(
      header!.signOff.signatures.some((s) => s.role === role)
        ? 'reportAlreadySigned'
        : 'signatureNotNeeded',
    );
  return role;
}
