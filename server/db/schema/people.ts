import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ARCHIVE_STATUSES, LOCALES, PROFILE_KINDS, ROLES } from '../../../domain/constants.ts';
import { ACCENTED, PLAIN } from '../../../domain/search-text.ts';
import { sortableText } from './sortable-text.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  name: sortableText('name').notNull(),
  code: text('code').notNull().unique(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    dataProcessingAcceptedAt: timestamp('data_processing_accepted_at', { withTimezone: true }),
    language: text('language', { enum: LOCALES }).notNull().default('fr'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    firstName: sortableText('first_name').notNull(),
    lastName: sortableText('last_name').notNull(),
    email: text('email'),
    kind: text('kind', { enum: PROFILE_KINDS }),
    status: text('status', { enum: ARCHIVE_STATUSES }).notNull().default('ACTIVE'),
    language: text('language', { enum: LOCALES }).notNull().default('fr'),
    birthDate: text('birth_date'),
    /** set when the person was erased after retention: their personal fields are gone */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** names and address as searched (domain/search-text.ts), kept by the database itself */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `lower(translate(first_name || ' ' || last_name || ' ' || coalesce(email, ''), '${ACCENTED}', '${PLAIN}'))`,
        ),
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profiles_user_idx').on(t.userId),
    uniqueIndex('profiles_email_lower_idx').on(sql`lower(${t.email})`),
    index('profiles_name_idx').on(t.lastName, t.firstName),
    // a manager's or an instructor's list sorts its people by name from this index alone
    index('profiles_id_names_idx').on(t.id, t.lastName, t.firstName),
    // an admin's list in each of its orders (ties broken by name and id, reversed as a whole
    // when descending) reads its page from one of these, and a status few people have
    // (archived) finds its page without walking every name
    index('profiles_status_name_idx').on(t.status, t.lastName, t.firstName, t.id),
    index('profiles_first_name_idx').on(t.firstName, t.lastName, t.id),
    index('profiles_email_idx').on(t.email, t.lastName, t.firstName, t.id),
    index('profiles_created_at_idx').on(t.createdAt, t.lastName, t.firstName, t.id),
    // a word anywhere in the text (LIKE '%word%') is found through trigrams (pg_trgm)
    index('profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many profiles there are of each status, kept by statement-level triggers on `profiles`
 * (migration 0015) in the transaction of every insert, status change and delete, so that an
 * admin's list counts a canton's people without reading them. A database session adds to its own
 * shard of rows (its process id modulo 64): two imports at once do not queue on one counter row.
 * A shard may hold a negative number (profiles created in one session, deleted in another); only
 * the sum over the shards is a count.
 */
export const profileTallies = pgTable(
  'profile_tallies',
  {
    shard: smallint('shard').notNull(),
    status: text('status', { enum: ARCHIVE_STATUSES }).notNull(),
    profiles: bigint('profiles', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shard, t.status] })],
);

/**
 * How many profiles of each status hold each role, in any unit, kept by triggers on `assignments`
 * and `profiles` (migration 0021) as `profile_tallies` is, so that an admin's list of one role
 * (the students page) counts the canton's holders without reading them. A profile counts once
 * per role however many units it holds it in; the triggers take a transaction lock per profile
 * so that two sessions changing one person's assignments at once cannot count them twice. Only
 * the sum over the shards is a count.
 */
export const roleTallies = pgTable(
  'role_tallies',
  {
    shard: smallint('shard').notNull(),
    status: text('status', { enum: ARCHIVE_STATUSES }).notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    profiles: bigint('profiles', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shard, t.status, t.role] })],
);

export const legalRepresentatives = pgTable(
  'legal_representatives',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    representativeId: integer('representative_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.representativeId] }),
    index('legal_representatives_representative_idx').on(t.representativeId),
  ],
);

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('assignments_unique_idx').on(t.profileId, t.role, sql`coalesce(${t.unitId}, 0)`),
    // with the profile id, a unit's people are read from the index alone (no visit to each row)
    index('assignments_unit_role_profile_idx').on(t.unitId, t.role, t.profileId),
  ],
);
