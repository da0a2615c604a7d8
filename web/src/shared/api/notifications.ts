import { queryOptions } from '@tanstack/react-query';
import type { MailFrequency, NotificationKind } from '../../../../domain/constants.ts';
import type { NotificationItem } from '../../../../domain/schemas/notifications.ts';
import { api } from '../api-client.ts';
import type { Paged } from './paged.ts';

export type { NotificationItem };
export type Preferences = Partial<Record<NotificationKind, MailFrequency>>;

/** How often the bell asks for the unread count while the page is open. */
const BELL_POLL_MS = 60_000;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'unread-count'],
    queryFn: ({ signal }) =>
      api.get<{ unread: number }>('/notifications/unread-count/', { signal }),
    refetchInterval: BELL_POLL_MS,
    select: (answer) => answer.unread,
  });

export const inboxQuery = (options: { unread: boolean; limit: number }) =>
  queryOptions({
    queryKey: ['notifications', 'inbox', options],
    queryFn: ({ signal }) =>
      api.get<Paged<NotificationItem>>(
        `/notifications/?limit=${options.limit}${options.unread ? '&unread=true' : ''}`,
        { signal },
      ),
  });

export const markRead = (id: number) => api.post(`/notifications/${id}/read/`, {});
export const markAllRead = () => api.post('/notifications/read-all/', {});

export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'],
    queryFn: ({ signal }) =>
      api.get<Preferences>('/users/me/notification-preferences/', { signal }),
  });

export const changePreferences = (changes: Partial<Preferences>) =>
  api.patch<Preferences>('/users/me/notification-preferences/', changes);
