import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { READ_KINDS } from '../../../domain/schemas/read-log.ts';
import { profiles, users } from './people.ts';

/**
 * Who read a minor student's grades, and when: their assessments, grade summary and exports
 * (server/commands/read-log.ts). Shown to the student, their legal representatives and admins.
 */
export const readLog = pgTable(
  'read_log',
  {
    id: serial('id').primaryKey(),
    readerUserId: integer('reader_user_id').references(() => users.id, { onDelete: 'set null' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: READ_KINDS }).notNull(),
    /** the assessment read, or the cohort of a ZIP; null for the grade summary */
    objectId: integer('object_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('read_log_student_idx').on(t.studentId, t.at)],
);
