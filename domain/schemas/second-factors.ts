import { z } from 'zod';

/** The second factors a person can sign in with: a passkey (WebAuthn) or an authenticator app. */
export const SECOND_FACTOR_KINDS = ['PASSKEY', 'TOTP'] as const;

/**
 * Where a session stands with the second factor:
 * - `VERIFIED`: it proved one at sign-in (or when the factor was set up);
 * - `PENDING`: its person has a factor the session has not proved yet: nothing but the proof;
 * - `SETUP_REQUIRED`: its person's role needs a factor and has none: nothing but setting one up;
 * - `NONE`: its person has none and needs none.
 */
export const SECOND_FACTOR_STATES = ['VERIFIED', 'PENDING', 'SETUP_REQUIRED', 'NONE'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/** One of the signed-in person's second factors (`GET /users/me/second-factors/`). */
const secondFactorSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECOND_FACTOR_KINDS),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type SecondFactorJson = z.infer<typeof secondFactorSchema>;

export const secondFactorsSchema = z.object({
  factors: z.array(secondFactorSchema),
  /** unused recovery codes left */
  recovery_codes_left: z.number().int(),
  /** whether the person's role requires a second factor (the last one cannot be removed) */
  required: z.boolean(),
});
export type SecondFactorsJson = z.infer<typeof secondFactorsSchema>;

/** A new authenticator app: the secret to scan (as a QR code) or type, confirmed by a code. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** the URI as a QR code, an SVG document */
  qr_svg: z.string(),
});
export type TotpSetupJson = z.infer<typeof totpSetupSchema>;

/** Recovery codes, shown once: when the first factor is set up and when they are renewed. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesJson = z.infer<typeof recoveryCodesSchema>;

/** A factor just set up: the recovery codes come with the first one only. */
export const factorAddedSchema = z.object({
  factor: secondFactorSchema,
  recovery_codes: z.array(z.string()).nullable(),
});
export type FactorAddedJson = z.infer<typeof factorAddedSchema>;
