import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { secondFactors } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { beginCeremony, ceremonyValue, endCeremony } from './ceremony.ts';
import { completeProof, requireProofAwaited, requireSetupAllowed } from './second-factor-proof.ts';
import { addSecondFactor } from './second-factor-setup.ts';
import { assertNotThrottled, recordLoginFailure } from './throttle.ts';

/** Passkeys (WebAuthn, through SimpleWebAuthn) as a second factor, for the site at `origin`. */
export interface RelyingParty {
  /** https://evaluanda.example.ch, as the browser reports it */
  origin: string;
}

const rpIdOf = (party: RelyingParty) => new URL(party.origin).hostname;

const passkeyFailed = () => badRequest('passkey', 'passkeyFailed');

type PasskeyRow = typeof secondFactors.$inferSelect;

async function passkeysOf(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'PASSKEY')));
}

const descriptorOf = (row: PasskeyRow) => ({
  id: row.credentialId!,
  transports: (row.transports?.split(',').filter(Boolean) ?? []) as AuthenticatorTransport[],
});

/** POST /users/me/second-factors/passkey/options/: what the browser needs to create a passkey. */
export async function passkeyRegistrationOptions(db: Db, actor: Actor, party: RelyingParty) {
  requireSetupAllowed(actor);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: rpIdOf(party),
    userName: actor.email,
    userID: new TextEncoder().encode(`user-${actor.userId}`),
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(db, actor.userId)).map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await beginCeremony(db, actor.sessionIdHash, 'passkey-setup', options.challenge);
  return options;
}

/** POST /users/me/second-factors/passkey/: the passkey the browser created becomes a factor. */
export async function registerPasskey(
  db: Db,
  actor: Actor,
  input: { response: RegistrationResponseJSON; label: string },
  party: RelyingParty,
  now = new Date(),
) {
  requireSetupAllowed(actor);
  const challenge = await ceremonyValue(db, actor.sessionIdHash, 'passkey-setup');
  if (!challenge) throw passkeyFailed();
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: rpIdOf(party),
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) throw passkeyFailed();
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    if (!(await endCeremony(tx, actor.sessionIdHash, 'passkey-setup', challenge)))
      throw passkeyFailed();
    const [taken] = await tx
      .select({ id: secondFactors.id })
      .from(secondFactors)
      .where(eq(secondFactors.credentialId, credential.id));
    if (taken) throw passkeyFailed();
    return addSecondFactor(
      tx,
      actor,
      {
        kind: 'PASSKEY',
        label: input.label,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports?.join(',') ?? null,
      },
      now,
    );
  });
}

/** POST /auth/second-factor/passkey/options/: the challenge the person's passkey must sign. */
export async function passkeyProofOptions(db: Db, actor: Actor, party: RelyingParty) {
  requireProofAwaited(actor);
  const passkeys = await passkeysOf(db, actor.userId);
  if (passkeys.length === 0) throw passkeyFailed();
  const options = await generateAuthenticationOptions({
    rpID: rpIdOf(party),
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'preferred',
  });
  await beginCeremony(db, actor.sessionIdHash, 'passkey-proof', options.challenge);
  return options;
}

/**
 * POST /auth/second-factor/passkey/: the signed challenge proves the session's second factor.
 * A failure counts as a failed sign-in, as a wrong code does.
 */
export async function proveWithPasskey(
  db: Db,
  actor: Actor,
  input: { response: AuthenticationResponseJSON; address: string },
  party: RelyingParty,
  now = new Date(),
): Promise<void> {
  requireProofAwaited(actor);
  const attempt = { email: actor.email, address: input.address };
  await assertNotThrottled(db, attempt, now);
  const challenge = await ceremonyValue(db, actor.sessionIdHash, 'passkey-proof');
  const passkey = (await passkeysOf(db, actor.userId)).find(
    (row) => row.credentialId === input.response.id,
  );
  const verification =
    challenge && passkey
      ? await verifyAuthenticationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: party.origin,
          expectedRPID: rpIdOf(party),
          credential: {
            ...descriptorOf(passkey),
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey!, 'base64url')),
            counter: passkey.signCount ?? 0,
          },
          requireUserVerification: false,
        }).catch(() => undefined)
      : undefined;
  const proved =
    verification?.verified === true &&
    (await db.transaction(async (tx) => {
      if (!(await endCeremony(tx, actor.sessionIdHash, 'passkey-proof', challenge!))) return false;
      await tx
        .update(secondFactors)
        .set({ signCount: verification.authenticationInfo.newCounter })
        .where(eq(secondFactors.id, passkey!.id));
      await completeProof(tx, actor, passkey!, now);
      return true;
    }));
  if (proved) return;
  await recordLoginFailure(db, attempt, now);
  throw passkeyFailed();
}
