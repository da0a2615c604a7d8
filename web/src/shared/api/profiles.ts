import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session.ts';
import { api } from '../api-client.ts';

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

interface Assignment {
  id: number;
  unit: number | null;
  role: string;
}

export interface ProfileJson {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  initials: string;
  kind: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  language: string;
  assignments: Assignment[];
  legal_representatives: number[];
  legal_representative_details: { id: number; first_name: string; last_name: string }[];
  user: { id: number; is_active: boolean; has_password: boolean } | null;
}

export interface UnitJson {
  id: number;
  name: string;
  code: string;
}

import type { RoleOption } from '../session.ts';

export type { RoleOption };

export const PROFILE_KINDS = [
  'FEDERAL_VET_DIPLOMA_3_YEARS',
  'FEDERAL_VET_DIPLOMA_2_YEARS',
  'FEDERAL_VET_CERTIFICATE',
  'OTHER',
] as const;

export const profileListQuery = (query: string) =>
  queryOptions({
    queryKey: ['profiles', 'list', query],
    queryFn: ({ signal }) => api.get<Paged<ProfileJson>>(`/profiles/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: ['profiles', id],
    queryFn: () => api.get<ProfileJson>(`/profiles/${id}/`),
  });

/** The roles the reader may give, labelled in the page's language. */
export function useRoles(locale: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: ['assignments', 'metadata', locale],
    queryFn: () => api.get<{ roles: RoleOption[] }>('/assignments/metadata/'),
    enabled: Boolean(user),
    staleTime: Infinity,
  });
}

/** Every unit the reader sees (few: one page of 1000). */
export function useUnits() {
  return useQuery({
    queryKey: ['units', 'all'],
    queryFn: () => api.get<Paged<UnitJson>>('/units/?limit=1000'),
    staleTime: 60_000,
    select: (page) => page.results,
  });
}

/** Labels of roles: the metadata when known, else the messages. */
export const roleLabel = (
  roles: RoleOption[] | undefined,
  role: string,
  t: (k: string) => string,
) => roles?.find((r) => r.value === role)?.label ?? t(`profiles.roles.${role}`);

export const fullName = (p: Pick<ProfileJson, 'first_name' | 'last_name'>) =>
  `${p.first_name} ${p.last_name}`;
