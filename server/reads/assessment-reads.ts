import type { FastifyInstance } from 'fastify';
import { can } from '../../domain/policy.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeAssessment, permissionsFor } from '../policies/assessments.ts';
import {
  assertTrainingReport,
  authorizeSelfAssessmentRead,
  mayWriteGoals,
  maySign,
  signaturesMissing,
} from '../policies/training-report.ts';
import { presentAssessmentDetail } from '../presenters/assessment-detail.ts';
import { presentGoal, presentSelfAssessment } from '../presenters/training-report.ts';
import { readAssessmentDetail, readAssessmentHeader } from '../queries/assessment-detail.ts';
import {
  readGoals,
  readPreviousReport,
  readSelfAssessmentCriteria,
  readSelfAssessmentRow,
} from '../queries/training-report.ts';
import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';

/**
 * Reads as one reader may see them: load, authorize (404 outside their reach), present. The reads
 * of an assessment and of its training report cycle as one reader may see them (404
 * outside their reach), shared by the routes that answer with them and the PDF.
 */

/** The database handle the app was built with (routes never import db/). */
export type AppDb = FastifyInstance['deps']['database']['db'];

/** The detail as the reader may see it (404 outside their reach). */
export async function readableDetail(db: AppDb, actor: Actor, assessmentId: number) {
  const rows = await readAssessmentDetail(db, assessmentId, actor);
  authorizeAssessment(actor, 'viewAssessment', rows?.header.target);
  const { target, assessment } = rows!.header;
  return presentAssessmentDetail(
    rows!,
    permissionsFor(
      actor,
      target,
      assessment.isIncludedInGradeSummary,
      maySign(actor, rows!.header),
    ),
    signaturesMissing(rows!.header),
  );
}

/** A training report's header for `actor`, undefined when there is none (the policies say 404). */
export async function reportHeader(db: AppDb, actor: Actor, assessmentId: number) {
  const header = await readAssessmentHeader(db, assessmentId, actor);
  assertTrainingReport(header);
  return header;
}

/** The self-assessment as `actor` reads it. */
export async function readableSelfAssessment(db: AppDb, actor: Actor, assessmentId: number) {
  const header = await reportHeader(db, actor, assessmentId);
  authorizeSelfAssessmentRead(actor, header?.target);
  const [criteria, row] = await Promise.all([
    readSelfAssessmentCriteria(db, assessmentId),
    readSelfAssessmentRow(db, assessmentId),
  ]);
  const isStudent = can(actor, 'writeSelfAssessment', header!.target);
  const open = header!.target.status === 'IN_PROGRESS' && header!.target.moduleStatus === 'OPEN';
  return presentSelfAssessment(header!, criteria, row, {
    isStudent,
    editable: isStudent && open && row?.submitted_at == null,
  });
}

/** The report's goals and the carried ones, as `actor` reads them. */
export async function readableGoals(db: AppDb, actor: Actor, assessmentId: number) {
  const header = await reportHeader(db, actor, assessmentId);
  authorizeAssessment(actor, 'viewAssessment', header?.target);
  const previous = await readPreviousReport(db, assessmentId);
  const rows = await readGoals(db, previous ? [assessmentId, previous.id] : [assessmentId]);
  return {
    goals: rows.filter((g) => g.assessment_id === assessmentId).map(presentGoal),
    carried_goals: rows.filter((g) => g.assessment_id !== assessmentId).map(presentGoal),
    previous_report: previous ?? null,
    editable: mayWriteGoals(actor, header!.target),
  };
}

/** A training report's record for its PDF: the self-assessment once submitted, the goals. */
export async function readableTrainingReport(db: AppDb, actor: Actor, detail: AssessmentDetail) {
  if (detail.module.module_type !== 'TRAINING_REPORT') return null;
  const [selfAssessment, goals] = await Promise.all([
    readableSelfAssessment(db, actor, detail.id),
    readableGoals(db, actor, detail.id),
  ]);
  return { selfAssessment: selfAssessment.submitted_at ? selfAssessment : null, goals };
}
