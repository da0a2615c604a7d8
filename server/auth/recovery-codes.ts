import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { recoveryCodes } from '../db/schema/index.ts';
import { hashToken } from './tokens.ts';

/** no 0/o, 1/l/i: a code is read from paper and typed by hand */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** `xxxxx-xxxxx`, ten characters of 31 (49 bits): guessing one is hopeless within the throttle. */
function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is stored and compared: the code without case, spaces or dashes. */
const normalized = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function dropRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces a person's recovery codes by ten new ones, stored hashed; answers them to show once. */
export async function renewRecoveryCodes(db: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await dropRecoveryCodes(db, userId);
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalized(code)) })));
  return codes;
}

/** Uses an unused recovery code of the person's: true when it was one (and is now spent). */
export async function spendRecoveryCode(
  db: Queryable,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(normalized(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
