import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AssessmentStatus } from '../../../../domain/constants.ts';
import type { AssessmentListItem } from '../../../../domain/schemas/assessments-list.ts';
import type { GroupJson as ServerGroup, ModuleJson } from '../../../../domain/schemas/modules.ts';
import { api } from '../../shared/api-client.ts';
import { everyRow, type Paged } from '../../shared/api/paged.ts';

/** A module as `GET /api/modules/instances/` lists it. */
export type { ModuleJson };

export type GroupJson = Omit<ServerGroup, 'created_at' | 'updated_at'>;

/** `GET /api/modules/instances/{id}/?with_groups=true` (the frozen tree is not read here). */
export interface ModuleDetailJson extends ModuleJson {
  groups: GroupJson[];
}

/** An assessment of `GET /api/assessments/`, as the module page reads it. */
export type AssessmentItemJson = Pick<
  AssessmentListItem,
  'id' | 'status' | 'grade' | 'group' | 'student'
>;

/** The fields of a module a form sends (create and PATCH share them). */
export interface ModuleFields {
  name: string;
  cohort: number | null;
  start_date: string | null;
  end_date: string | null;
}

export const moduleKeys = {
  all: ['modules'] as const,
  list: (query: string) => ['modules', 'list', query] as const,
  detail: (id: number) => ['modules', id] as const,
  assessments: (id: number) => ['modules', id, 'assessments'] as const,
};

export const moduleListQuery = (query: string) =>
  queryOptions({
    queryKey: moduleKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<ModuleJson>>(`/modules/instances/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const moduleQuery = (id: number) =>
  queryOptions({
    queryKey: moduleKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<ModuleDetailJson>(`/modules/instances/${id}/?with_groups=true`, { signal }),
  });

/**
 * Every assessment of a module, one per student: a module of a cantonal cohort (up to 5,000)
 * holds more than one page.
 */
export const moduleAssessmentsQuery = (id: number) =>
  queryOptions({
    queryKey: moduleKeys.assessments(id),
    queryFn: ({ signal }) => everyRow<AssessmentItemJson>(`/assessments/?module=${id}`, { signal }),
  });

/** The modules a group may move to: same unit and same template (the server's rule). */
export const siblingModulesQuery = (module: ModuleJson) =>
  queryOptions({
    queryKey: ['modules', 'siblings', module.unit, module.template],
    queryFn: () =>
      api.get<Paged<ModuleJson>>(
        `/modules/instances/?unit=${module.unit}&template=${module.template}&limit=1000&ordering=name`,
      ),
    select: (page) => page.results.filter((m) => m.id !== module.id),
  });

export const setModuleLocked = (id: number, locked: boolean) =>
  api.patch<ModuleJson>(`/modules/instances/${id}/`, { status: locked ? 'LOCKED' : 'OPEN' });

export const setModuleArchived = (id: number, archived: boolean) =>
  api.post<ModuleJson>(`/modules/instances/${id}/${archived ? 'archive' : 'unarchive'}/`);

/** The server refuses (409, with the reason) while the module holds assessments. */
export const deleteModule = (id: number) => api.delete<void>(`/modules/instances/${id}/`);

export const updateModule = (id: number, fields: Partial<ModuleFields>) =>
  api.patch<ModuleJson>(`/modules/instances/${id}/`, fields);

export const instanciateTemplate = (template: number, body: ModuleFields & { unit?: number }) =>
  api.post<ModuleJson>(`/modules/templates/${template}/instanciate/`, body);

export const saveGroup = (
  group: number | null,
  body: { name?: string; module?: number; instructors?: number[] },
) =>
  group === null
    ? api.post<GroupJson>('/assessments/groups/', body)
    : api.patch<GroupJson>(`/assessments/groups/${group}/`, body);

/** The server refuses (409, with the reason) while the group holds assessments. */
export const deleteGroup = (id: number) => api.delete<void>(`/assessments/groups/${id}/`);

export const instanciateStudent = (
  module: number,
  body: { group: number; student: number; status: AssessmentStatus },
) => api.post<{ id: number }>(`/modules/instances/${module}/instanciate/`, { ...body, module });

/** One call, one transaction: every student of the cohort not yet assessed in the module. */
export const instanciateCohort = (module: number, body: { group: number; cohort: number }) =>
  api.post<{ created: number; skipped: number; assessments: number[] }>(
    `/modules/instances/${module}/instanciate_cohort/`,
    body,
  );

/** After any change: every module list and detail refetches. */
export const refreshModules = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: moduleKeys.all });
