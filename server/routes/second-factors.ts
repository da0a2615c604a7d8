import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FACTOR_LABEL_MAX_LENGTH } from '../../domain/constants.ts';
import {
  factorAddedSchema,
  recoveryCodesSchema,
  secondFactorsSchema,
  totpSetupSchema,
} from '../../domain/schemas/second-factors.ts';
import {
  passkeyProofOptions,
  passkeyRegistrationOptions,
  proveWithPasskey,
  registerPasskey,
  type RelyingParty,
} from '../auth/passkeys.ts';
import { proveWithCode } from '../auth/second-factor-proof.ts';
import {
  confirmTotpSetup,
  listSecondFactors,
  removeSecondFactor,
  renewOwnRecoveryCodes,
  startTotpSetup,
} from '../auth/second-factor-setup.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { requireActor } from '../policies/require-actor.ts';

const tags = ['second factor'];
/** reachable while the session's second factor is still awaited or must be set up */
const beforeSecondFactor = { access: 'beforeSecondFactor', rateLimit: 'secondFactor' } as const;
const label = z.string().trim().min(1).max(FACTOR_LABEL_MAX_LENGTH);
/** what the browser's WebAuthn call answered, checked by SimpleWebAuthn itself */
const webAuthnResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.looseObject({}),
});
const webAuthnOptions = z.looseObject({ challenge: z.string() });
const noContent = { 204: z.null() };

/** The site passkeys belong to: APP_ORIGIN, else the request's own (development). */
const partyOf = (app: FastifyInstance, request: FastifyRequest): RelyingParty => ({
  origin: publicOrigin(app.deps.config, request),
});

/**
 * POST /auth/second-factor/…: the second step of a sign-in, with an app's code, a recovery code
 * or a passkey.
 */
export async function secondFactorProofRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.post(
    '/second-factor/',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        summary: 'Proves the second factor with an authenticator app code or a recovery code',
        body: z.object({ code: z.string().trim().min(1).max(40) }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await proveWithCode(db(), requireActor(request), {
        code: request.body.code,
        address: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/second-factor/passkey/options/',
    { config: beforeSecondFactor, schema: { tags, response: { 200: webAuthnOptions } } },
    async (request) => ({
      ...(await passkeyProofOptions(db(), requireActor(request), partyOf(app, request))),
    }),
  );

  route.post(
    '/second-factor/passkey/',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        summary: 'Proves the second factor with a passkey',
        body: z.object({ response: webAuthnResponse }),
        response: noContent,
      },
    },
    async (request, reply) => {
      const response = request.body.response as unknown as Parameters<
        typeof proveWithPasskey
      >[2]['response'];
      await proveWithPasskey(
        db(),
        requireActor(request),
        { response, address: request.ip },
        partyOf(app, request),
      );
      return reply.code(204).send(null);
    },
  );
}

/**
 * /users/me/second-factors/…: the person's own factors, from the personal area (or the set-up a
 * role requires at sign-in), and their recovery codes.
 */
export async function ownSecondFactorRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/me/second-factors/',
    {
      config: { access: 'beforeSecondFactor' },
      schema: { tags, response: { 200: secondFactorsSchema } },
    },
    (request) => listSecondFactors(db(), requireActor(request)),
  );

  route.post(
    '/me/second-factors/totp/',
    { config: beforeSecondFactor, schema: { tags, response: { 200: totpSetupSchema } } },
    (request) => startTotpSetup(db(), requireActor(request)),
  );

  route.post(
    '/me/second-factors/totp/confirm/',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        body: z.object({ code: z.string().trim().min(1).max(40), label }),
        response: { 201: factorAddedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await confirmTotpSetup(db(), requireActor(request), request.body)),
  );

  route.post(
    '/me/second-factors/passkey/options/',
    { config: beforeSecondFactor, schema: { tags, response: { 200: webAuthnOptions } } },
    async (request) => ({
      ...(await passkeyRegistrationOptions(db(), requireActor(request), partyOf(app, request))),
    }),
  );

  route.post(
    '/me/second-factors/passkey/',
    {
      config: beforeSecondFactor,
      schema: {
        tags,
        body: z.object({ response: webAuthnResponse, label }),
        response: { 201: factorAddedSchema },
      },
    },
    async (request, reply) => {
      const response = request.body.response as unknown as Parameters<
        typeof registerPasskey
      >[2]['response'];
      const added = await registerPasskey(
        db(),
        requireActor(request),
        { response, label: request.body.label },
        partyOf(app, request),
      );
      return reply.code(201).send(added);
    },
  );

  route.delete(
    '/me/second-factors/:id/',
    {
      config: { access: 'beforeConsent' },
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await removeSecondFactor(db(), requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.post(
    '/me/recovery-codes/',
    {
      config: { access: 'beforeConsent' },
      schema: { tags, response: { 200: recoveryCodesSchema } },
    },
    async (request) => ({
      recovery_codes: await renewOwnRecoveryCodes(db(), requireActor(request)),
    }),
  );
}
