import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, secondFactors, users } from '../db/schema/index.ts';
import { recordAudit } from '../commands/audit.ts';
import { notFound } from '../lib/errors.ts';
import { secondFactorResetMail } from '../mail/templates/second-factor-reset.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Actor } from '../policies/actor.ts';
import { dropRecoveryCodes } from './recovery-codes.ts';
import { endSessionsOf } from './sessions.ts';

/**
 * POST /profiles/{id}/second-factor-reset/ (admins): the person lost their factors. Removes them
 * and the recovery codes, ends the person's sessions (one may be an intruder's), audits the reset
 * and mails the person, in one transaction. Their next sign-in sets a factor up anew.
 */
export async function resetSecondFactor(db: Db, actor: Actor, profileId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ userId: users.id, email: users.email, language: users.language })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.id, profileId))
      .for('update');
    if (!person) throw notFound();
    const removed = await tx
      .delete(secondFactors)
      .where(eq(secondFactors.userId, person.userId))
      .returning({ kind: secondFactors.kind });
    await dropRecoveryCodes(tx, person.userId);
    await endSessionsOf(tx, person.userId);
    await recordAudit(tx, actor, {
      action: 'reset_second_factor',
      entity: 'user',
      entityId: person.userId,
      oldValue: { factors: removed.map((f) => f.kind) },
    });
    await enqueueMail(
      tx,
      'second-factor-reset',
      secondFactorResetMail({ to: person.email, language: person.language }),
    );
  });
}
