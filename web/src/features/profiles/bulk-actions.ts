import { api } from '../../shared/api-client.ts';
import { ApiError } from '../../shared/api-error.ts';
import type { ProfileJson } from '../../shared/api/profiles.ts';

export interface BulkResult {
  done: number;
  failed: { profile: ProfileJson; message: string }[];
}

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? Object.values(error.fieldErrors).flat().join(' ') || error.message
    : String(error);

/** Runs one call per profile, one after the other, and reports which ones were refused. */
export async function runBulk(
  profiles: ProfileJson[],
  call: (profile: ProfileJson) => Promise<unknown>,
): Promise<BulkResult> {
  const result: BulkResult = { done: 0, failed: [] };
  for (const profile of profiles) {
    try {
      await call(profile);
      result.done += 1;
    } catch (error) {
      result.failed.push({ profile, message: messageOf(error) });
    }
  }
  return result;
}

export const archiveProfile = (profile: ProfileJson) =>
  api.post(`/profiles/${profile.id}/archive/`);

/** An invitation to the first unit the profile holds a role in. */
export const inviteProfile = (profile: ProfileJson) => {
  const unit = profile.assignments.find((a) => a.unit !== null)?.unit;
  if (unit == null) return Promise.reject(new ApiError(400, { unit: ['—'] }));
  return api.post('/profiles/invite/', { profile: profile.id, unit });
};
