import { z } from 'zod';
import { LOCALES } from '../../domain/constants.ts';
import type { users } from '../db/schema/index.ts';

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

export const presentUser = (
  user: typeof users.$inferSelect,
  profileId: number | null,
): z.infer<typeof userSchema> => ({
  id: user.id,
  email: user.email,
  is_active: user.isActive,
  has_password: user.passwordHash !== null,
  language: user.language,
  profile: profileId,
  last_login_at: user.lastLoginAt?.toISOString() ?? null,
});

/** What the audit trail keeps of a login (no hash). */
export const auditedUser = (user: typeof users.$inferSelect) => ({
  email: user.email,
  is_active: user.isActive,
  has_password: user.passwordHash !== null,
  language: user.language,
});
