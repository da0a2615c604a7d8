import type { Profile } from '../../shared/session.ts';
import { api } from '../../shared/api-client.ts';

export const profileQuery = (id: number) => ({
  queryKey: ['profiles', id] as const,
  queryFn: () => api.get<Profile>(`/profiles/${id}/`),
});
