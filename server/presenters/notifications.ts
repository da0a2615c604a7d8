import type { NotificationItem } from '../../domain/schemas/notifications.ts';
import type { readInbox } from '../queries/notifications.ts';

type InboxRow = Awaited<ReturnType<typeof readInbox>>['rows'][number];

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export const presentNotification = (row: InboxRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  student:
    row.student_id === null
      ? null
      : { id: row.student_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
  assessment_id: row.assessment_id,
  params: row.params,
  created_at: iso(row.created_at)!,
  read_at: iso(row.read_at),
});
