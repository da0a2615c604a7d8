import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

interface NotificationRow {
  id: number;
  kind: NotificationKind;
  student_id: number | null;
  first_name: string | null;
  last_name: string | null;
  assessment_id: number | null;
  params: Record<string, string | null>;
  created_at: string;
  read_at: string | null;
}

/** A page of the person's inbox, newest first, and how many it holds (unread ones if asked). */
export async function readInbox(
  q: Queryable,
  recipientId: number,
  options: { unread: boolean; limit: number; offset: number },
) {
  const unread = options.unread ? sql`and n.read_at is null` : sql``;
  const [rows, [total]] = await Promise.all([
    rowsOf<NotificationRow>(
      q,
      sql`select n.id, n.kind, n.student_id, p.first_name, p.last_name, n.assessment_id, n.params,
          n.created_at, n.read_at
        from notifications n left join profiles p on p.id = n.student_id
        where n.recipient_id = ${recipientId} ${unread}
        order by n.id desc limit ${options.limit} offset ${options.offset}`,
    ),
    rowsOf<{ n: number }>(
      q,
      sql`select count(*)::int as n from notifications n
        where n.recipient_id = ${recipientId} ${unread}`,
    ),
  ]);
  return { count: total!.n, rows };
}

/** How many unread notifications the person has (the bell), from a partial index. */
export async function countUnread(q: Queryable, recipientId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    q,
    sql`select count(*)::int as n from notifications
      where recipient_id = ${recipientId} and read_at is null`,
  );
  return row!.n;
}
