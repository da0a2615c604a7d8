import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessments, profiles, users } from '../db/schema/index.ts';
import { conflict, forbidden } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { readProfileRecord } from '../queries/profiles.ts';
import type { ProfileRow } from '../queries/rows.ts';
import { auditedProfile, recordAudit } from './audit.ts';

/**
 * Deletes a profile and its login (sessions, tokens and assignments go with them); deleteProfile
 * is authorized by the caller. Nobody deletes themself (403); a student's assessments are never
 * lost with their profile (409: archive it instead; the database refuses it too). One transaction.
 */
export function deleteProfile(db: Queryable, actor: Actor, profile: ProfileRow): Promise<void> {
  if (profile.id === actor.profileId) throw forbidden();
  return db.transaction(async (tx) => {
    const [assessed] = await tx
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.studentId, profile.id));
    if (assessed!.n > 0) throw conflict('profileHasAssessments', [assessed!.n]);
    const before = await readProfileRecord(tx, actor, profile.id);
    await tx.delete(profiles).where(eq(profiles.id, profile.id));
    if (profile.userId != null) await tx.delete(users).where(eq(users.id, profile.userId));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'profile',
      entityId: profile.id,
      oldValue: auditedProfile(before),
    });
  });
}
