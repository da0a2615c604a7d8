import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/session.ts';
import { api } from '../../shared/api-client.ts';
import { allCohortsQuery } from '../../shared/api/cohorts.ts';
import type { Paged } from '../../shared/api/paged.ts';
import type { ProfileJson } from '../../shared/api/profiles.ts';

export interface StudentItem {
  id: number;
  first_name: string;
  last_name: string;
  initials: string;
}

interface AssessmentItem {
  student: { id: number; first_name: string; last_name: string };
}

export interface ModuleItem {
  id: number;
  name: string;
  cohort: number | null;
}

const initials = (s: { first_name: string; last_name: string }) =>
  s.first_name && s.last_name ? `${s.first_name[0]}${s.last_name[0]}`.toUpperCase() : '';

const uniqueStudents = (items: AssessmentItem[]): StudentItem[] => {
  const byId = new Map<number, StudentItem>();
  for (const { student } of items)
    byId.set(student.id, { ...student, initials: initials(student) });
  return [...byId.values()];
};

/**
 * The students the reader may list (listStudent), one request each source: people managers read
 * the active STUDENT profiles of their units; instructors the students of their groups'
 * assessments. A module narrows to the students assessed in it.
 */
export function useStudents(moduleId: string) {
  const { user } = useSession();
  const managesPeople = Boolean(user?.permissions.includes('listProfile'));
  return useQuery({
    queryKey: ['students', managesPeople, moduleId],
    queryFn: async (): Promise<StudentItem[]> => {
      if (moduleId) {
        const page = await api.get<Paged<AssessmentItem>>(
          `/assessments/?module=${moduleId}&limit=1000`,
        );
        return uniqueStudents(page.results);
      }
      if (managesPeople) {
        const page = await api.get<Paged<ProfileJson>>(
          '/profiles/?roles=STUDENT&status=ACTIVE&limit=1000',
        );
        return page.results;
      }
      return uniqueStudents(
        (await api.get<Paged<AssessmentItem>>('/assessments/?limit=1000')).results,
      );
    },
  });
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
