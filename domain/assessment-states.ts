/**
 * The assessment state machine of domain.md "Assessment states":
 * IN_PROGRESS → validate → VALIDATED → close → CLOSED; reopen takes VALIDATED or CLOSED back to
 * IN_PROGRESS. Including in or excluding from the grade summary is allowed in every state (it
 * decides what the summary shows, not what the assessment says). A move to another group is
 * allowed only while IN_PROGRESS: a validated or closed assessment is a record its students and
 * representatives already see, so it is reopened first.
 */
import type { AssessmentStatus, ModuleStatus } from './constants.ts';

export const ASSESSMENT_ACTIONS = [
  'validate',
  'close',
  'reopen',
  'include_in_grade_summary',
  'exclude_from_grade_summary',
  'move',
] as const;
export type AssessmentAction = (typeof ASSESSMENT_ACTIONS)[number];

export type TransitionResult =
  { ok: true; to: AssessmentStatus } | { ok: false; reason: TransitionRefusal };

/** Message keys of refused transitions (the server answers 409 with them). */
type TransitionRefusal =
  | 'assessmentAlreadyValidated'
  | 'assessmentAlreadyClosed'
  | 'assessmentNotValidated'
  | 'assessmentAlreadyInProgress'
  | 'assessmentMoveNotInProgress';

type Rule = AssessmentStatus | TransitionRefusal;

const TABLE: Record<AssessmentAction, Record<AssessmentStatus, Rule>> = {
  validate: {
    IN_PROGRESS: 'VALIDATED',
    VALIDATED: 'assessmentAlreadyValidated',
    CLOSED: 'assessmentAlreadyClosed',
  },
  close: {
    IN_PROGRESS: 'assessmentNotValidated',
    VALIDATED: 'CLOSED',
    CLOSED: 'assessmentAlreadyClosed',
  },
  reopen: {
    IN_PROGRESS: 'assessmentAlreadyInProgress',
    VALIDATED: 'IN_PROGRESS',
    CLOSED: 'IN_PROGRESS',
  },
  include_in_grade_summary: {
    IN_PROGRESS: 'IN_PROGRESS',
    VALIDATED: 'VALIDATED',
    CLOSED: 'CLOSED',
  },
  exclude_from_grade_summary: {
    IN_PROGRESS: 'IN_PROGRESS',
    VALIDATED: 'VALIDATED',
    CLOSED: 'CLOSED',
  },
  move: {
    IN_PROGRESS: 'IN_PROGRESS',
    VALIDATED: 'assessmentMoveNotInProgress',
    CLOSED: 'assessmentMoveNotInProgress',
  },
};

const isStatus = (rule: Rule): rule is AssessmentStatus =>
  rule === 'IN_PROGRESS' || rule === 'VALIDATED' || rule === 'CLOSED';

/** Where `action` takes an assessment in `status`, or why it may not. */
export function transition(status: AssessmentStatus, action: AssessmentAction): TransitionResult {
  const rule = TABLE[action][status];
  return isStatus(rule) ? { ok: true, to: rule } : { ok: false, reason: rule };
}

/** The actions `status` allows (the buttons the web offers; the server still checks). */
export function allowedActions(status: AssessmentStatus): AssessmentAction[] {
  return ASSESSMENT_ACTIONS.filter((action) => transition(status, action).ok);
}

/** Only IN_PROGRESS assessments of an OPEN module accept evaluation changes. */
export function acceptsEvaluationChanges(
  assessmentStatus: AssessmentStatus,
  moduleStatus: ModuleStatus,
): boolean {
  return assessmentStatus === 'IN_PROGRESS' && moduleStatus === 'OPEN';
}

/** Whether students and legal representatives may see an assessment in `status`. */
export function visibleToStudents(status: AssessmentStatus): boolean {
  return status !== 'IN_PROGRESS';
}
