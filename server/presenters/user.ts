import type { Locale } from '../../domain/constants.ts';
import type { SecondFactorState } from '../../domain/schemas/second-factors.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { MeJson, UserJson } from '../../domain/schemas/users.ts';
import type { UserRow } from '../queries/rows.ts';

export const presentUser = (user: UserRow, profileId: number | null): UserJson => ({
  id: user.id,
  email: user.email,
  is_active: user.isActive,
  has_password: user.passwordHash !== null,
  language: user.language,
  profile: profileId,
  last_login_at: user.lastLoginAt?.toISOString() ?? null,
});

/** The signed-in user (a session exists only for an active user) with their permissions. */
export const presentMe = (
  me: {
    userId: number;
    email: string;
    isDataProcessingAccepted: boolean;
    language: Locale;
    profileId: number | null;
    secondFactor: SecondFactorState;
  },
  permissions: readonly Permission[],
): MeJson => ({
  id: me.userId,
  email: me.email,
  is_active: true,
  is_data_processing_accepted: me.isDataProcessingAccepted,
  language: me.language,
  permissions: [...permissions],
  profile: me.profileId,
  second_factor: me.secondFactor,
});
