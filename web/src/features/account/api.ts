import { queryOptions } from '@tanstack/react-query';
import type { OwnSession } from '../../../../domain/schemas/users.ts';
import { api } from '../../shared/api-client.ts';

export type { OwnSession };

export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: ['users', 'me', 'sessions'],
    queryFn: ({ signal }) => api.get<OwnSession[]>('/users/me/sessions/', { signal }),
  });

export const endSession = (id: string) => api.delete(`/users/me/sessions/${id}/`);
export const endOtherSessions = () => api.post('/users/me/sessions/end_others/', {});
export const changePassword = (body: { current_password: string; new_password: string }) =>
  api.post('/auth/password-change/', body);
