/**
 * The requests and answers of the training report cycle (training-report.md, whose names are
 * fixed): the self-assessment, the goals, the sign-off, the due reports and what awaits a person.
 */
import { z } from 'zod';
import {
  ASSESSMENT_STATUSES,
  DUE_REPORT_STATES,
  EVALUATION_LEVELS,
  GOAL_RESPONSIBLES,
  GOAL_REVIEW_STATUSES,
  SIGNATURE_ROLES,
} from '../constants.ts';
import { id, isoDay, longText, version } from './common.ts';

const person = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** PATCH /assessments/{id}/self-assessment/: only the criteria it changes. */
export const selfAssessmentPatch = z.strictObject({
  criteria: z
    .array(
      z.strictObject({
        criterion: id,
        evaluation: z.enum(EVALUATION_LEVELS).nullable().optional(),
        text: longText.optional(),
      }),
    )
    .max(500)
    .optional(),
  view: longText.optional(),
  version,
});
export type SelfAssessmentPatch = z.infer<typeof selfAssessmentPatch>;

export const selfAssessmentSchema = z.object({
  assessment: z.number().int(),
  status: z.enum(ASSESSMENT_STATUSES),
  module: z.object({ id: z.number().int(), name: z.string() }),
  student: person,
  /** the trainer's criteria, each with the student's own evaluation and text */
  criteria: z.array(
    z.object({
      criterion: z.number().int(),
      name: z.string(),
      description: z.string(),
      block: z.string(),
      has_evaluation: z.boolean(),
      evaluation: z.enum(EVALUATION_LEVELS).nullable(),
      text: z.string(),
    }),
  ),
  /** the apprentice's view */
  view: z.string(),
  submitted_at: z.string().nullable(),
  version: z.number().int(),
  /** whether the reader may still change it (the student, before submitting) */
  editable: z.boolean(),
});
export type SelfAssessment = z.infer<typeof selfAssessmentSchema>;

const goalFields = {
  goal: z.string().trim().min(1).max(2_000),
  measure: z.string().trim().max(2_000),
  due_date: isoDay.nullable(),
  responsible: z.enum(GOAL_RESPONSIBLES),
};
/** POST /assessments/{id}/goals/ */
export const newGoalBody = z.strictObject({
  ...goalFields,
  measure: goalFields.measure.default(''),
  due_date: goalFields.due_date.default(null),
});
/** PATCH /goals/{id}/: the goal's own fields on its report, the review on the next one. */
export const goalPatch = z.strictObject({
  ...z.object(goalFields).partial().shape,
  review_status: z.enum(GOAL_REVIEW_STATUSES).nullable().optional(),
  review_comment: z.string().max(2_000).optional(),
  version,
});
export type NewGoal = z.infer<typeof newGoalBody>;
export type GoalPatch = z.infer<typeof goalPatch>;

export const goalSchema = z.object({
  id: z.number().int(),
  /** the report the goal was set on */
  assessment: z.number().int(),
  goal: z.string(),
  measure: z.string(),
  due_date: z.string().nullable(),
  responsible: z.enum(GOAL_RESPONSIBLES),
  review_status: z.enum(GOAL_REVIEW_STATUSES).nullable(),
  review_comment: z.string(),
  reviewed_at: z.string().nullable(),
  version: z.number().int(),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalsSchema = z.object({
  goals: z.array(goalSchema),
  /** the goals of the student's previous report in the same unit, reviewed on this one */
  carried_goals: z.array(goalSchema),
  previous_report: z.object({ id: z.number().int(), module_name: z.string() }).nullable(),
  /** whether the reader may write the goals and the reviews now */
  editable: z.boolean(),
});
export type Goals = z.infer<typeof goalsSchema>;

/** POST /assessments/{id}/sign/ */
export const signBody = z.strictObject({
  comment: z.string().trim().max(2_000).optional(),
  /** the mailed link's token, for a legal representative without a login */
  token: z.string().trim().min(1).max(200).optional(),
});

/** POST /training-reports/sign-link/ (and `pdf/`): what a mailed sign link leads to. */
export const signLinkBody = z.strictObject({ token: z.string().trim().min(1).max(200) });
export const sendSignLinkSchema = z.object({ sent: z.number().int() });

export const signatureSchema = z.object({
  role: z.enum(SIGNATURE_ROLES),
  profile: person,
  signed_at: z.string(),
  comment: z.string(),
  /** the assessment's version that was signed */
  version: z.number().int(),
});

/** GET /training-reports/due/?unit=&semester=2026-2&group=&instructor= */
export const dueReportsQuery = z.object({
  /** the first of the reader's units when omitted */
  unit: z.coerce.number().int().positive().optional(),
  semester: z
    .string()
    .regex(/^\d{4}-[12]$/)
    .optional(),
  group: z.coerce.number().int().positive().optional(),
  instructor: z.coerce.number().int().positive().optional(),
  state: z.enum(DUE_REPORT_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const dueReportSchema = z.object({
  student: person,
  state: z.enum(DUE_REPORT_STATES),
  /** the report the state comes from; none when there is none */
  assessment: z.number().int().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  signatures_missing: z.array(z.enum(SIGNATURE_ROLES)),
});

export const dueReportsSchema = z.object({
  unit: z.number().int(),
  /** the units the reader may choose from */
  units: z.array(z.object({ id: z.number().int(), name: z.string() })),
  semester: z.string(),
  start: z.string(),
  end: z.string(),
  count: z.number().int(),
  /** how many students stand in each state, whatever the state filter */
  states: z.record(z.enum(DUE_REPORT_STATES), z.number().int()),
  results: z.array(dueReportSchema),
  /** the filters' choices: the unit's groups of training reports and their instructors */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  instructors: z.array(person),
});
export type DueReports = z.infer<typeof dueReportsSchema>;

/** GET /training-reports/awaiting/: what waits for the reader on their home page. */
export const awaitingSchema = z.object({
  self_assessments: z.array(
    z.object({ assessment: z.number().int(), module_name: z.string(), student: person }),
  ),
  signatures: z.array(
    z.object({
      assessment: z.number().int(),
      module_name: z.string(),
      student: person,
      role: z.enum(SIGNATURE_ROLES),
    }),
  ),
});
export type Awaiting = z.infer<typeof awaitingSchema>;
