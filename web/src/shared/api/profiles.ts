import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session.ts';
import type { ProfileJson } from '../../../../domain/schemas/profiles.ts';
import type { UnitJson } from '../../../../domain/schemas/units.ts';
import { api } from '../api-client.ts';
import { everyRow, type Paged } from './paged.ts';

/** A profile as `GET /api/profiles/` answers it, and a unit as `GET /api/units/` does. */
export type { ProfileJson, UnitJson };

/** A person as pickers and lists name them. */
export type PersonName = Pick<ProfileJson, 'id' | 'first_name' | 'last_name'>;

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

/** Every profile `query` selects, page after page: the students of a cohort (up to 5,000). */
export const everyProfileQuery = (query: string) =>
  queryOptions({
    queryKey: ['profiles', 'every', query],
    queryFn: ({ signal }) => everyRow<ProfileJson>(`/profiles/?${query}`, { signal }),
  });

/**
 * A legal representative's wards: the students who name `representative` among their legal
 * representatives, whether or not any of their assessments is validated yet, sorted by name.
 */
export const wardsQuery = (representative: number) =>
  queryOptions({
    queryKey: ['profiles', 'wards', representative],
    queryFn: async ({ signal }) => {
      const students = await everyRow<ProfileJson>('/profiles/?roles=STUDENT', { signal });
      return students.filter((student) => student.legal_representatives.includes(representative));
    },
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

/** Every unit the reader sees. */
export function useUnits() {
  return useQuery({
    queryKey: ['units', 'all'],
    queryFn: ({ signal }) => everyRow<UnitJson>('/units/', { signal }),
    staleTime: 60_000,
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
