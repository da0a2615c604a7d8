import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session.ts';
import { api } from '../../shared/api-client.ts';
import { allCohortsQuery } from '../../shared/api/cohorts.ts';
import type { Paged } from '../../shared/api/paged.ts';

export interface ModuleItem {
  id: number;
  name: string;
  cohort: number | null;
}

export function useModules() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['modules', 'all'],
    queryFn: () => api.get<Paged<ModuleItem>>('/modules/instances/?limit=1000'),
    enabled: Boolean(user?.permissions.includes('listModuleInstance')),
    select: (page) => page.results,
  });
}

export function useCohorts() {
  const { user } = useSession();
  return useQuery({
    ...allCohortsQuery(),
    enabled: Boolean(user?.permissions.includes('listCohort')),
    select: (page) => page.results,
  });
}
