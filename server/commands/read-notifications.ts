import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';

/** Marks one of the person's notifications read (again is fine); 404 for anyone else's. */
export async function markNotificationRead(q: Queryable, recipientId: number, id: number) {
  const [row] = await q
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound();
}

/** Marks every unread notification of the person read. */
export async function markAllNotificationsRead(q: Queryable, recipientId: number) {
  await q
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
}
