import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SECOND_FACTOR_KINDS } from '../../../domain/schemas/second-factors.ts';
import { users } from './people.ts';

/**
 * A person's second factors. TOTP: the shared secret (base32) and the last time step used, so a
 * code is accepted once. PASSKEY: the credential's id, public key and signature counter.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    label: text('label').notNull(),
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    credentialId: text('credential_id').unique(),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('second_factors_user_idx').on(t.userId)],
);

/** Single-use recovery codes, stored hashed: ten per person, renewed as a whole. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
