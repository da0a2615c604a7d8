import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sortableText } from './sortable-text.ts';
import {
  ARCHIVE_STATUSES,
  ASSESSMENT_STATUSES,
  EVALUATION_LEVELS,
  GRADING_FORMULAS,
  LETTERS,
  LOCALES,
  MODULE_STATUSES,
  MODULE_TYPES,
  ROUNDING_FORMULAS,
  SIGNATURE_ROLES,
  TRENDS,
  type ProgressionFlag,
} from '../../../domain/constants.ts';
import { profiles, units, users } from './people.ts';

export interface GradeScale {
  min: string;
  max: string;
  step: string;
  weight: string;
}
export interface LetterScale {
  min: string;
  max: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Grades and weights are exact decimals: numeric columns, strings in TypeScript. */
const decimal = (name: string) => numeric(name, { precision: 8, scale: 3 });

/** The fields a block has, in a template and in a module's frozen copy alike. */
const blockFields = () => ({
  order: integer('order').notNull().default(0),
  name: text('name').notNull(),
  reference: text('reference').notNull().default(''),
  referenceColor: text('reference_color'),
  shouldIncludeInExport: boolean('should_include_in_export').notNull().default(true),
  isOneLine: boolean('is_one_line').notNull().default(false),
  gradingFormula: text('grading_formula', { enum: GRADING_FORMULAS })
    .notNull()
    .default('OVER_FIVE_PLUS_ONE_ROUND'),
  coefficient: decimal('coefficient').notNull().default('1'),
});

/** The fields a criterion has, in a template and in a module's frozen copy alike. */
const criterionFields = () => ({
  order: integer('order').notNull().default(0),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  hasEvaluation: boolean('has_evaluation').notNull().default(false),
  hasTextInput: boolean('has_text_input').notNull().default(false),
  hasProgression: boolean('has_progression').notNull().default(false),
  flags: jsonb('flags').$type<ProgressionFlag[]>().notNull().default([]),
  grade: jsonb('grade').$type<GradeScale | null>(),
  letterEvaluation: jsonb('letter_evaluation').$type<LetterScale | null>(),
  points: decimal('points').notNull().default('2'),
});

export const moduleTemplates = pgTable(
  'module_templates',
  {
    id: serial('id').primaryKey(),
    templateName: sortableText('template_name').notNull(),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    language: text('language', { enum: LOCALES }).notNull().default('fr'),
    status: text('status', { enum: ARCHIVE_STATUSES }).notNull().default('ACTIVE'),
    roundingFormula: text('rounding_formula', { enum: ROUNDING_FORMULAS })
      .notNull()
      .default('TENTH'),
    graded: boolean('graded').notNull().default(true),
    /** owner unit; null = shared by every unit (ADMIN only) */
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('module_templates_unit_idx').on(t.unitId, t.status)],
);

export const criterionBlockTemplates = pgTable(
  'criterion_block_templates',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => moduleTemplates.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => criterionBlockTemplates.id, {
      onDelete: 'cascade',
    }),
    ...blockFields(),
  },
  (t) => [
    index('criterion_block_templates_template_idx').on(t.templateId),
    index('criterion_block_templates_parent_idx').on(t.parentId),
  ],
);

export const criterionTemplates = pgTable(
  'criterion_templates',
  {
    id: serial('id').primaryKey(),
    blockId: integer('block_id')
      .notNull()
      .references(() => criterionBlockTemplates.id, { onDelete: 'cascade' }),
    ...criterionFields(),
  },
  (t) => [index('criterion_templates_block_idx').on(t.blockId)],
);

export const cohorts = pgTable(
  'cohorts',
  {
    id: serial('id').primaryKey(),
    name: sortableText('name').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ARCHIVE_STATUSES }).notNull().default('ACTIVE'),
    ...timestamps,
  },
  (t) => [index('cohorts_unit_idx').on(t.unitId, t.status)],
);

export const cohortStudents = pgTable(
  'cohort_students',
  {
    cohortId: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cohortId, t.studentId] }),
    index('cohort_students_student_idx').on(t.studentId),
  ],
);

/** A module (module instance): a template put to use in a unit, with a frozen copy of its tree. */
export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    name: sortableText('name').notNull(),
    templateId: integer('template_id').references(() => moduleTemplates.id, {
      onDelete: 'set null',
    }),
    moduleType: text('module_type', { enum: MODULE_TYPES }).notNull(),
    language: text('language', { enum: LOCALES }).notNull().default('fr'),
    roundingFormula: text('rounding_formula', { enum: ROUNDING_FORMULAS })
      .notNull()
      .default('TENTH'),
    graded: boolean('graded').notNull().default(true),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    startDate: text('start_date'),
    endDate: text('end_date'),
    status: text('status', { enum: MODULE_STATUSES }).notNull().default('OPEN'),
    ...timestamps,
  },
  (t) => [
    index('modules_unit_idx').on(t.unitId, t.status),
    index('modules_template_idx').on(t.templateId),
  ],
);

export const moduleBlocks = pgTable(
  'module_blocks',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => moduleBlocks.id, {
      onDelete: 'cascade',
    }),
    sourceBlockId: integer('source_block_id'),
    ...blockFields(),
  },
  (t) => [index('module_blocks_module_idx').on(t.moduleId)],
);

export const moduleCriteria = pgTable(
  'module_criteria',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    blockId: integer('block_id')
      .notNull()
      .references(() => moduleBlocks.id, { onDelete: 'cascade' }),
    sourceCriterionId: integer('source_criterion_id'),
    ...criterionFields(),
  },
  (t) => [
    index('module_criteria_module_idx').on(t.moduleId),
    index('module_criteria_block_idx').on(t.blockId),
  ],
);

export const assessmentGroups = pgTable(
  'assessment_groups',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: sortableText('name').notNull(),
    ...timestamps,
  },
  (t) => [index('assessment_groups_module_idx').on(t.moduleId)],
);

export const groupInstructors = pgTable(
  'group_instructors',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => assessmentGroups.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.instructorId] }),
    index('group_instructors_instructor_idx').on(t.instructorId),
  ],
);

export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => assessmentGroups.id, { onDelete: 'set null' }),
    // a student's assessments are never deleted with the profile (commands/delete-profile.ts)
    studentId: integer('student_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ASSESSMENT_STATUSES }).notNull().default('IN_PROGRESS'),
    grade: decimal('grade'),
    isIncludedInGradeSummary: boolean('is_included_in_grade_summary').notNull().default(true),
    comment: text('comment').notNull().default(''),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /**
     * The roles of the report's standing sign-offs, sorted: kept by a trigger on signatures in the
     * transaction of each sign-off, void or delete (migration 0017), so that a list of reports
     * checks what is missing without reading the sign-offs.
     */
    signedRoles: text('signed_roles', { enum: SIGNATURE_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    // a module's assessments, by group, with what the due reports, the at-risk list and the
    // awaiting sign-offs read of each (student, state, days, sign-offs): from the index alone
    index('assessments_module_idx').on(
      t.moduleId,
      t.groupId,
      t.studentId,
      t.status,
      t.validatedAt,
      t.createdAt,
      t.signedRoles,
      t.id,
    ),
    // a group's students, its count and its pages by id come from the index alone
    index('assessments_group_student_idx').on(t.groupId, t.studentId, t.id),
    index('assessments_student_idx').on(t.studentId),
    // the insufficient grades of a unit's modules, read by the at-risk list
    index('assessments_insufficient_idx')
      .on(t.moduleId)
      .where(sql`grade < 4 and status <> 'IN_PROGRESS'`),
  ],
);

export const blockEvaluations = pgTable(
  'block_evaluations',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    blockId: integer('block_id')
      .notNull()
      .references(() => moduleBlocks.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    grade: decimal('grade'),
  },
  (t) => [uniqueIndex('block_evaluations_unique_idx').on(t.assessmentId, t.blockId)],
);

export const criterionEvaluations = pgTable(
  'criterion_evaluations',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => moduleCriteria.id, { onDelete: 'cascade' }),
    evaluation: text('evaluation', { enum: EVALUATION_LEVELS }),
    text: text('text'),
    progression: jsonb('progression').$type<ProgressionFlag[]>().notNull().default([]),
    grade: decimal('grade'),
    letter: text('letter', { enum: LETTERS }),
    points: decimal('points'),
    trend: text('trend', { enum: TRENDS }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('criterion_evaluations_unique_idx').on(t.assessmentId, t.criterionId)],
);

/** Every assessment state change: who, when, from, to. */
export const assessmentTransitions = pgTable(
  'assessment_transitions',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: ASSESSMENT_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ASSESSMENT_STATUSES }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_transitions_assessment_idx').on(t.assessmentId)],
);
