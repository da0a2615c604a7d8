/** The answers of /api/users/: a login as other people see it, and the signed-in user. */
import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { PERMISSIONS } from '../permissions.ts';
import { SECOND_FACTOR_STATES } from './second-factors.ts';

/** A login as other people see it; never the password hash, only whether one is set. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_active: z.boolean(),
  has_password: z.boolean(),
  language: z.enum(LOCALES),
  profile: z.number().int().nullable(),
  last_login_at: z.string().nullable(),
});
export type UserJson = z.infer<typeof userSchema>;

/** GET /api/users/me/: the signed-in user as the web app needs it. */
export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_active: z.boolean(),
  is_data_processing_accepted: z.boolean(),
  language: z.string(),
  permissions: z.array(z.enum(PERMISSIONS as [string, ...string[]])),
  profile: z.number().int().nullable(),
  /** where the session stands with the second factor (SECOND_FACTOR_STATES) */
  second_factor: z.enum(SECOND_FACTOR_STATES),
});
export type MeJson = z.infer<typeof meSchema>;

/** One of the signed-in person's own sessions (`GET /users/me/sessions/`). */
export const ownSessionSchema = z.object({
  /** an opaque id, for ending it */
  id: z.string(),
  /** the session this request came with */
  current: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string(),
  device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
  /** the network it was opened from (203.0.113.0/24), never the address */
  network: z.string().nullable(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
