import { eq } from 'drizzle-orm';
import type { ArchiveStatus } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import type { ProfileRow } from '../queries/rows.ts';
import { recordAudit } from './audit.ts';

/** Archives or unarchives a profile (archiveProfile, authorized by the caller); idempotent. */
export function setProfileStatus(
  db: Queryable,
  actor: Actor,
  profile: ProfileRow,
  status: ArchiveStatus,
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ status, updatedAt: new Date() })
      .where(eq(profiles.id, profile.id));
    await recordAudit(tx, actor, {
      action: status === 'ARCHIVED' ? 'archive' : 'unarchive',
      entity: 'profile',
      entityId: profile.id,
      oldValue: { status: profile.status },
      newValue: { status },
    });
  });
}
