import { eq } from 'drizzle-orm';
import type { Locale } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';

/** The language of the person's login: their mails and, once signed in, their screens. */
export async function changeOwnLanguage(db: Db, actor: Actor, language: Locale) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ language }).where(eq(users.id, actor.userId));
    await recordAudit(tx, actor, {
      action: 'change_language',
      entity: 'user',
      entityId: actor.userId,
      oldValue: { language: actor.language },
      newValue: { language },
    });
  });
}
