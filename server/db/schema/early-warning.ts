import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  MAIL_FREQUENCIES,
  MODULE_TYPES,
  NOTIFICATION_KINDS,
  RISK_REASONS,
} from '../../../domain/constants.ts';
import { assessments } from './assessments.ts';
import { sortableText } from './sortable-text.ts';
import { profiles, units } from './people.ts';

/**
 * The students whose grades fall, by unit and module type: kept by a trigger on assessments and
 * modules (migration 0011), in the transaction of every change of a validated grade, so the
 * at-risk list reads it instead of windowing every grade of a unit.
 */
export const fallingGrades = pgTable(
  'falling_grades',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    /** the mean of the last three validated grades and of the three before */
    recentMean: numeric('recent_mean').notNull(),
    previousMean: numeric('previous_mean').notNull(),
    /** the latest of the six, the reason's source */
    latestAssessmentId: integer('latest_assessment_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.unitId, t.moduleType] }),
    index('falling_grades_unit_idx').on(t.unitId),
  ],
);

/**
 * Every student's at-risk reasons as of one day (`risk_reasons_state`), so the at-risk list reads
 * its reach's reasons instead of working them out from every assessment of the reach. Triggers
 * (migration 0018) mark in `risk_reasons_stale` the students whose reasons a change may alter,
 * in the change's transaction; the list works those out again before it reads
 * (`server/commands/refresh-risk-reasons.ts`), and all of them on a new day, whose school year and
 * semester decide the reasons too. The columns are those of the list's reasons, as text.
 */
export const riskReasons = pgTable(
  'risk_reasons',
  {
    studentId: integer('student_id').notNull(),
    unitId: integer('unit_id').notNull(),
    reason: text('reason', { enum: RISK_REASONS }).notNull(),
    /** the reason's part of the student's severity */
    weight: integer('weight').notNull(),
    assessmentId: integer('assessment_id'),
    groupId: integer('group_id'),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    grade: text('grade'),
    recentMean: text('recent_mean'),
    previousMean: text('previous_mean'),
    semesterStart: text('semester_start'),
    semesterEnd: text('semester_end'),
  },
  (t) => [
    index('risk_reasons_unit_idx').on(t.unitId, t.studentId),
    index('risk_reasons_student_idx').on(t.studentId),
  ],
);

/**
 * Each active student with kept reasons, as a reader of every unit sees them on the at-risk list:
 * their severity, lowest grade and name, kept with their reasons by the same refresh, so the
 * canton's list takes a page from an index instead of weighing every kept reason of the canton.
 * Triggers (migration 0019) mark a student whose name or status changes.
 */
export const riskStudents = pgTable(
  'risk_students',
  {
    studentId: integer('student_id').primaryKey(),
    /** the sum of the weights of their reasons */
    severity: integer('severity').notNull(),
    /** their lowest grade among the reasons that carry one */
    lowest: numeric('lowest'),
    lastName: sortableText('last_name').notNull(),
    firstName: sortableText('first_name').notNull(),
  },
  (t) => [
    index('risk_students_order_idx').on(
      t.severity.desc().nullsFirst(),
      t.lowest.asc().nullsLast(),
      t.lastName,
      t.firstName,
      t.studentId,
    ),
  ],
);

/**
 * How many students the kept ranking holds: one row, kept by statement-level triggers on
 * risk_students (migration 0020) in the transaction of every insert and delete, so the canton's
 * list reads its count instead of counting the ranking.
 */
export const riskStudentsTally = pgTable('risk_students_tally', {
  id: smallint('id').primaryKey().default(1),
  students: integer('students').notNull(),
});

/** The day the kept reasons are for: one row, none before the first list. */
export const riskReasonsState = pgTable('risk_reasons_state', {
  id: smallint('id').primaryKey().default(1),
  day: text('day').notNull(),
});

/**
 * The students whose kept reasons a committed change may have made wrong: a row per change,
 * only ever inserted by the changes and deleted by the refresh, so neither waits for the other.
 */
export const riskReasonsStale = pgTable('risk_reasons_stale', {
  studentId: integer('student_id').notNull(),
});

/** An in-app message to one person; a mail too, per their preference for its kind. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** the student it is about; none for a reminder about several (DUE_REPORTS) */
    studentId: integer('student_id').references(() => profiles.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id').references(() => assessments.id, {
      onDelete: 'set null',
    }),
    /** what the message says, as it was when it happened: module name and type, grades; the
     * semester and the number of reports of a reminder */
    params: jsonb('params').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** when its mail (or digest) went to the outbox, or it was decided none goes; null: pending */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`read_at is null`),
    index('notifications_unmailed_idx')
      .on(t.id)
      .where(sql`mailed_at is null`),
    index('notifications_student_idx').on(t.studentId),
  ],
);

/**
 * A person's mail frequency for one kind (AT_ONCE when there is no row), and the secret of the
 * unsubscribe link their mails of that kind carry: it changes this row and nothing else.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    frequency: text('frequency', { enum: MAIL_FREQUENCIES }).notNull().default('AT_ONCE'),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.kind] })],
);
