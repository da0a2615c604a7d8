import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { consumeToken, findLiveToken } from './one-time-tokens.ts';

/**
 * Who a unit invitation is for. While the login has no password the token stays valid and is
 * returned, for /set-password?user=…&token=… (the password reset then uses it up); otherwise the
 * invitation is used up here and the person signs in. 400 `invalidInvitation` for anything else.
 */
export async function validateUnitInvitation(db: Db, token: string) {
  const row = await findLiveToken(db, token, ['INVITATION']);
  const [found] = row
    ? await db
        .select({ user: users, profileId: profiles.id })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, row.userId))
    : [];
  if (!row || row.unitId == null || !found || !found.user.isActive)
    throw badRequest('token', 'invalidInvitation');
  const result = { profile: found.profileId, unit: row.unitId, user: found.user.id };
  if (found.user.passwordHash === null) return { ...result, token };
  await consumeToken(db, row.id);
  return result;
}
