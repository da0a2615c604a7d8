import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { units, users } from './people.ts';

/** A signed-in session; the cookie holds a random id, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** the network the session was opened from (an address's /24 or /48), never the address */
    network: text('network'),
    /** when the session proved a second factor; null while it has not */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** the ceremony under way: a WebAuthn challenge, or the secret of an app being set up */
    challenge: text('challenge'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

const TOKEN_PURPOSES = ['PASSWORD_RESET', 'INVITATION', 'EMAIL_CHANGE'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Password-reset, invitation and e-mail change tokens: stored hashed, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'cascade' }),
    /** EMAIL_CHANGE: the address the login moves to once the token is used */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per account and per address for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.at),
    index('login_failures_address_idx').on(t.address, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
);

/**
 * Devices that signed in to an account before (OWASP's device cookies): the cookie holds a random
 * value, the table its hash. Their attempts escape the lock-out strangers cause for unknown
 * devices, within a limit of their own.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** the account as typed at sign-in, lower-cased (throttle.ts's accountKey) */
    account: text('account').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** failed sign-ins from this device in the current window, and when that window began */
    failures: integer('failures').notNull().default(0),
    failuresSince: timestamp('failures_since', { withTimezone: true }),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/** Fixed-window counters of the rate limits (server/lib/rate-limit.ts), shared by every process. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** Who changed what, when, with the old and new value. */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_trail_entity_idx').on(t.entity, t.entityId)],
);
