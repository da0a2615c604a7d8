import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session.ts';
import { allCohortsQuery } from '../../shared/api/cohorts.ts';
import { everyRow } from '../../shared/api/paged.ts';

export interface ModuleItem {
  id: number;
  name: string;
  cohort: number | null;
}

export function useModules() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['modules', 'all'],
    queryFn: ({ signal }) => everyRow<ModuleItem>('/modules/instances/', { signal }),
    enabled: Boolean(user?.permissions.includes('listModuleInstance')),
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
