import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { secondFactors } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { spendRecoveryCode } from './recovery-codes.ts';
import { markSecondFactorProved } from './sessions.ts';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure } from './throttle.ts';
import { matchingTotpStep } from './totp.ts';

/** Only a session whose person has a factor it has not proved yet may prove one. */
export function requireProofAwaited(actor: Actor): void {
  if (actor.secondFactor !== 'PENDING') throw new AppError(409, 'secondFactorNotAwaited');
}

/** Only a session that proved its factor, or needs none yet, may set one up: never mid-sign-in. */
export function requireSetupAllowed(actor: Actor): void {
  if (actor.secondFactor === 'PENDING') throw new AppError(403, 'secondFactorRequired');
}

/** The session passed: it may use the platform; the failed attempts of the account are forgiven. */
export async function completeProof(
  tx: Queryable,
  actor: Actor,
  factor: { id: number } | 'RECOVERY_CODE',
  now: Date,
): Promise<void> {
  await markSecondFactorProved(tx, actor.sessionIdHash, now);
  await clearLoginFailures(tx, actor.email);
  if (factor === 'RECOVERY_CODE')
    await recordAudit(
      tx,
      actor,
      { action: 'use_recovery_code', entity: 'user', entityId: actor.userId },
      now,
    );
  else
    await tx.update(secondFactors).set({ lastUsedAt: now }).where(eq(secondFactors.id, factor.id));
}

/**
 * The person's authenticator app whose code this is, now, for a step after the last one it
 * used; that step is recorded in the same statement, so two requests cannot spend one code.
 */
async function spendTotpCode(tx: Queryable, userId: number, code: string, now: Date) {
  const apps = await tx
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'TOTP')));
  for (const app of apps) {
    const step = matchingTotpStep(app.totpSecret!, code, app.totpLastStep, now);
    if (step === undefined) continue;
    const [spent] = await tx
      .update(secondFactors)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(secondFactors.id, app.id),
          or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step)),
        ),
      )
      .returning({ id: secondFactors.id });
    if (spent) return spent;
  }
  return undefined;
}

const isAppCode = (code: string) => /^\d{6}$/.test(code);

/**
 * POST /auth/second-factor/: the session proves its person's second factor with an app's code or
 * a recovery code. Failures count as failed sign-ins of the account (throttle.ts), so the codes
 * cannot be tried one after the other.
 */
export async function proveWithCode(
  db: Db,
  actor: Actor,
  input: { code: string; address: string },
  now = new Date(),
): Promise<void> {
  requireProofAwaited(actor);
  const attempt = { email: actor.email, address: input.address };
  await assertNotThrottled(db, attempt, now);
  const code = input.code.replace(/\s/g, '');
  const proved = await db.transaction(async (tx) => {
    const factor = isAppCode(code)
      ? await spendTotpCode(tx, actor.userId, code, now)
      : (await spendRecoveryCode(tx, actor.userId, code, now)) && ('RECOVERY_CODE' as const);
    if (!factor) return false;
    await completeProof(tx, actor, factor, now);
    return true;
  });
  if (proved) return;
  await recordLoginFailure(db, attempt, now);
  throw badRequest('code', 'invalidSecondFactorCode');
}
