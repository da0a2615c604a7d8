import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import type { CohortJson } from '../../../../domain/schemas/cohorts.ts';
import type { Paged } from './paged.ts';

export type { CohortJson };

export const cohortListQuery = (query: string) =>
  queryOptions({
    queryKey: ['cohorts', 'list', query],
    queryFn: ({ signal }) => api.get<Paged<CohortJson>>(`/cohorts/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** The all-cohorts call of the specification (limit 1000), for filters elsewhere. */
export const allCohortsQuery = () =>
  queryOptions({
    queryKey: ['cohorts', 'all'],
    queryFn: () => api.get<Paged<CohortJson>>('/cohorts/?limit=1000'),
  });
