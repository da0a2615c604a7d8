import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { oneTimeTokens, users, type TokenPurpose } from '../db/schema/index.ts';
import { hashToken, randomToken } from './tokens.ts';

/** How long each kind of token lives: a reset 1 hour, an invitation 14 days, an address change a day. */
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  PASSWORD_RESET: 3_600_000,
  INVITATION: 14 * 86_400_000,
  EMAIL_CHANGE: 86_400_000,
};

/** Issues a token for a user; the caller mails it, the database keeps only its hash. */
export async function issueToken(
  db: Queryable,
  input: { userId: number; purpose: TokenPurpose; unitId?: number | null; newEmail?: string },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    userId: input.userId,
    unitId: input.unitId ?? null,
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
  });
  return token;
}

/**
 * Like issueToken for a user who may not exist (undefined: nobody). The same single statement runs
 * either way and inserts nothing for nobody, so the time taken does not tell whether they exist.
 */
export async function issueTokenIfUser(
  db: Queryable,
  input: { userId: number | undefined; purpose: TokenPurpose },
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]).toISOString();
  await db.execute(sql`
    insert into ${oneTimeTokens} (token_hash, purpose, user_id, expires_at)
    select ${hashToken(token)}, ${input.purpose}, ${users.id}, ${expiresAt}::timestamptz
    from ${users} where ${users.id} = ${input.userId ?? 0}`);
  return token;
}

/** The live (unused, unexpired) token row, or undefined. Does not use it up. */
export async function findLiveToken(
  db: Queryable,
  token: string,
  purposes: readonly TokenPurpose[],
  now = new Date(),
) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return row && purposes.includes(row.purpose) ? row : undefined;
}

/** Uses a token up; true only for the one caller that marked it (single use, even under races). */
export async function consumeToken(db: Queryable, id: number, now = new Date()): Promise<boolean> {
  const marked = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return marked.length === 1;
}

/**
 * Uses up every live token of a user, whatever its purpose: once a password is set or changed,
 * no older reset link, invitation or address change made before may still act on the login.
 */
export async function useUpTokensOf(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
