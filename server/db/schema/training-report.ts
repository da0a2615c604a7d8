import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  EVALUATION_LEVELS,
  GOAL_RESPONSIBLES,
  GOAL_REVIEW_STATUSES,
  SIGNATURE_ROLES,
} from '../../../domain/constants.ts';
import { assessments, moduleCriteria } from './assessments.ts';
import { profiles, users } from './people.ts';

/**
 * The student's own view of a training report (training-report.md): kept apart from the trainer's
 * evaluations, so it can never change a grade. One per assessment, made on the first write.
 */
export const selfAssessments = pgTable('self_assessments', {
  assessmentId: integer('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  /** the apprentice's view: how the training went, in their words */
  view: text('view').notNull().default(''),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The student's evaluation and text of one criterion of the report. */
export const selfAssessmentCriteria = pgTable(
  'self_assessment_criteria',
  {
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => selfAssessments.assessmentId, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => moduleCriteria.id, { onDelete: 'cascade' }),
    evaluation: text('evaluation', { enum: EVALUATION_LEVELS }),
    text: text('text').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.criterionId] })],
);

/**
 * A goal agreed on a training report for the next period, reviewed on the student's next report
 * in the same unit.
 */
export const trainingGoals = pgTable(
  'training_goals',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    goal: text('goal').notNull(),
    measure: text('measure').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    responsible: text('responsible', { enum: GOAL_RESPONSIBLES }).notNull(),
    reviewStatus: text('review_status', { enum: GOAL_REVIEW_STATUSES }),
    reviewComment: text('review_comment').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('training_goals_assessment_idx').on(t.assessmentId, t.id)],
);

/**
 * A party's sign-off of a validated training report: who, as what, when, on which version.
 * Reopening the report voids it (kept, with the time it was voided).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SIGNATURE_ROLES }).notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    comment: text('comment').notNull().default(''),
    assessmentVersion: integer('assessment_version').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    // one standing sign-off per party: two clicks at once cannot both land
    uniqueIndex('signatures_standing_idx')
      .on(t.assessmentId, t.role)
      .where(sql`voided_at is null`),
    index('signatures_profile_idx').on(t.profileId),
  ],
);

/**
 * A single-use link mailed to a legal representative without a login, to sign a validated
 * report (the same sign-off as in the app). Only the token's hash is kept.
 */
export const signLinks = pgTable(
  'sign_links',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    representativeId: integer('representative_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sign_links_token_idx').on(t.tokenHash),
    index('sign_links_assessment_idx').on(t.assessmentId),
  ],
);
