import { describe, expect, it } from 'vitest';
import {
  acceptsEvaluationChanges,
  allowedActions,
  ASSESSMENT_ACTIONS,
  transition,
  visibleToStudents,
  type AssessmentAction,
  type TransitionResult,
} from './assessment-states.ts';
import { ASSESSMENT_STATUSES, type AssessmentStatus, type ModuleStatus } from './constants.ts';

const to = (status: AssessmentStatus): TransitionResult => ({ ok: true, to: status });
const refused = (reason: string) => ({ ok: false, reason });

// Every action from every state.
const table: [AssessmentStatus, AssessmentAction, unknown][] = [
  ['IN_PROGRESS', 'validate', to('VALIDATED')],
  ['IN_PROGRESS', 'close', refused('assessmentNotValidated')],
  ['IN_PROGRESS', 'reopen', refused('assessmentAlreadyInProgress')],
  ['IN_PROGRESS', 'include_in_grade_summary', to('IN_PROGRESS')],
  ['IN_PROGRESS', 'exclude_from_grade_summary', to('IN_PROGRESS')],
  ['IN_PROGRESS', 'move', to('IN_PROGRESS')],
  ['VALIDATED', 'validate', refused('assessmentAlreadyValidated')],
  ['VALIDATED', 'close', to('CLOSED')],
  ['VALIDATED', 'reopen', to('IN_PROGRESS')],
  ['VALIDATED', 'include_in_grade_summary', to('VALIDATED')],
  ['VALIDATED', 'exclude_from_grade_summary', to('VALIDATED')],
  ['VALIDATED', 'move', refused('assessmentMoveNotInProgress')],
  ['CLOSED', 'validate', refused('assessmentAlreadyClosed')],
  ['CLOSED', 'close', refused('assessmentAlreadyClosed')],
  ['CLOSED', 'reopen', to('IN_PROGRESS')],
  ['CLOSED', 'include_in_grade_summary', to('CLOSED')],
  ['CLOSED', 'exclude_from_grade_summary', to('CLOSED')],
  ['CLOSED', 'move', refused('assessmentMoveNotInProgress')],
];

describe('assessment state machine', () => {
  it('has a row for every action from every state', () => {
    const rows = table.map(([status, action]) => `${status} ${action}`).sort();
    const all = ASSESSMENT_STATUSES.flatMap((s) => ASSESSMENT_ACTIONS.map((a) => `${s} ${a}`));
    expect(rows).toEqual(all.sort());
  });

  it.each(table)('%s, %s → %j', (status, action, expected) => {
    expect(transition(status, action)).toEqual(expected);
  });

  it('offers the allowed actions per state', () => {
    expect(allowedActions('IN_PROGRESS')).toEqual([
      'validate',
      'include_in_grade_summary',
      'exclude_from_grade_summary',
      'move',
    ]);
    expect(allowedActions('VALIDATED')).toEqual([
      'close',
      'reopen',
      'include_in_grade_summary',
      'exclude_from_grade_summary',
    ]);
    expect(allowedActions('CLOSED')).toEqual([
      'reopen',
      'include_in_grade_summary',
      'exclude_from_grade_summary',
    ]);
  });
});

describe('acceptsEvaluationChanges', () => {
  const rows: [AssessmentStatus, ModuleStatus, boolean][] = [
    ['IN_PROGRESS', 'OPEN', true],
    ['IN_PROGRESS', 'LOCKED', false],
    ['IN_PROGRESS', 'ARCHIVED', false],
    ['VALIDATED', 'OPEN', false],
    ['VALIDATED', 'LOCKED', false],
    ['VALIDATED', 'ARCHIVED', false],
    ['CLOSED', 'OPEN', false],
    ['CLOSED', 'LOCKED', false],
    ['CLOSED', 'ARCHIVED', false],
  ];
  it.each(rows)('assessment %s in a %s module: %s', (assessment, module, expected) => {
    expect(acceptsEvaluationChanges(assessment, module)).toBe(expected);
  });
});

it('shows assessments to students once validated', () => {
  expect(ASSESSMENT_STATUSES.map(visibleToStudents)).toEqual([false, true, true]);
});
