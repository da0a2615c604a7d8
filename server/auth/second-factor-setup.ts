import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { PRODUCT_NAME, SECOND_FACTOR_ROLES } from '../../domain/constants.ts';
import type {
  FactorAddedJson,
  SecondFactorJson,
  SecondFactorsJson,
  TotpSetupJson,
} from '../../domain/schemas/second-factors.ts';
import type { Db, Queryable } from '../db/client.ts';
import { secondFactors } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { beginCeremony, ceremonyValue, endCeremony } from './ceremony.ts';
import { dropRecoveryCodes, recoveryCodesLeft, renewRecoveryCodes } from './recovery-codes.ts';
import { requireSetupAllowed } from './second-factor-proof.ts';
import { markSecondFactorProved } from './sessions.ts';
import { matchingTotpStep, newTotpSecret, totpUri } from './totp.ts';

type FactorRow = typeof secondFactors.$inferSelect;
type NewFactor = Omit<typeof secondFactors.$inferInsert, 'userId' | 'createdAt'>;

const presentFactor = (row: FactorRow): SecondFactorJson => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const isRequiredFor = (actor: Actor) =>
  actor.assignments.some((a) => SECOND_FACTOR_ROLES.includes(a.role));

async function factorsOf(db: Queryable, userId: number): Promise<FactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

/** GET /users/me/second-factors/ */
export async function listSecondFactors(db: Db, actor: Actor): Promise<SecondFactorsJson> {
  return {
    factors: (await factorsOf(db, actor.userId)).map(presentFactor),
    recovery_codes_left: await recoveryCodesLeft(db, actor.userId),
    required: isRequiredFor(actor),
  };
}

/**
 * A factor the person just proved they hold: the session counts as proved, and the first factor
 * comes with ten recovery codes. Audited without its secret.
 */
export async function addSecondFactor(
  tx: Queryable,
  actor: Actor,
  factor: NewFactor,
  now: Date,
): Promise<FactorAddedJson> {
  const first = (await factorsOf(tx, actor.userId)).length === 0;
  const [row] = await tx
    .insert(secondFactors)
    .values({ ...factor, userId: actor.userId, createdAt: now })
    .returning();
  await markSecondFactorProved(tx, actor.sessionIdHash, now);
  await recordAudit(
    tx,
    actor,
    {
      action: 'add_second_factor',
      entity: 'user',
      entityId: actor.userId,
      newValue: { kind: row!.kind, label: row!.label },
    },
    now,
  );
  return {
    factor: presentFactor(row!),
    recovery_codes: first ? await renewRecoveryCodes(tx, actor.userId) : null,
  };
}

/** POST /users/me/second-factors/totp/: a new secret for an app, kept on the session until confirmed. */
export async function startTotpSetup(db: Db, actor: Actor): Promise<TotpSetupJson> {
  requireSetupAllowed(actor);
  const secret = newTotpSecret();
  await beginCeremony(db, actor.sessionIdHash, 'totp-setup', secret);
  const uri = totpUri(secret, PRODUCT_NAME, actor.email);
  const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr_svg: qr };
}

/** POST /users/me/second-factors/totp/confirm/: the app's first code proves it was set up. */
export async function confirmTotpSetup(
  db: Db,
  actor: Actor,
  input: { code: string; label: string },
  now = new Date(),
): Promise<FactorAddedJson> {
  requireSetupAllowed(actor);
  const secret = await ceremonyValue(db, actor.sessionIdHash, 'totp-setup');
  if (!secret) throw badRequest('code', 'totpSetupExpired');
  const step = matchingTotpStep(secret, input.code.replace(/\s/g, ''), null, now);
  if (step === undefined) throw badRequest('code', 'invalidSecondFactorCode');
  return db.transaction(async (tx) => {
    if (!(await endCeremony(tx, actor.sessionIdHash, 'totp-setup', secret)))
      throw badRequest('code', 'totpSetupExpired');
    return addSecondFactor(
      tx,
      actor,
      { kind: 'TOTP', label: input.label, totpSecret: secret, totpLastStep: step },
      now,
    );
  });
}

/**
 * DELETE /users/me/second-factors/{id}/: refused for the last factor of a person whose role
 * requires one. The last factor gone, the recovery codes go with it.
 */
export async function removeSecondFactor(db: Db, actor: Actor, id: number): Promise<void> {
  requireSetupAllowed(actor);
  await db.transaction(async (tx) => {
    const factors = await factorsOf(tx, actor.userId);
    const factor = factors.find((f) => f.id === id);
    if (!factor) throw notFound();
    if (factors.length === 1 && isRequiredFor(actor))
      throw new AppError(409, 'lastRequiredSecondFactor');
    await tx
      .delete(secondFactors)
      .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, actor.userId)));
    if (factors.length === 1) await dropRecoveryCodes(tx, actor.userId);
    await recordAudit(tx, actor, {
      action: 'remove_second_factor',
      entity: 'user',
      entityId: actor.userId,
      oldValue: { kind: factor.kind, label: factor.label },
    });
  });
}

/** POST /users/me/recovery-codes/: ten new codes; the old ones stop working. */
export async function renewOwnRecoveryCodes(db: Db, actor: Actor): Promise<string[]> {
  requireSetupAllowed(actor);
  return db.transaction(async (tx) => {
    if ((await factorsOf(tx, actor.userId)).length === 0) throw new AppError(409, 'noSecondFactor');
    const codes = await renewRecoveryCodes(tx, actor.userId);
    await recordAudit(tx, actor, {
      action: 'renew_recovery_codes',
      entity: 'user',
      entityId: actor.userId,
    });
    return codes;
  });
}
