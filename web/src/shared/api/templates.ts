import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BlockTreeOut as BlockTreeJson,
  CriterionTemplateJson,
  TemplateDetailJson,
  TemplateJson,
} from '../../../../domain/schemas/templates.ts';
import { api } from '../api-client.ts';
import type { Paged } from './paged.ts';

/** A template as `GET /api/modules/templates/` lists it, and its detail with the block tree. */
export type { BlockTreeJson, CriterionTemplateJson, TemplateDetailJson, TemplateJson };

export const templateKeys = {
  all: ['templates'] as const,
  list: (query: string) => ['templates', 'list', query] as const,
  detail: (id: number) => ['templates', id] as const,
};

export const templateListQuery = (query: string) =>
  queryOptions({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<Paged<TemplateJson>>(`/modules/templates/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const templateQuery = (id: number) =>
  queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => api.get<TemplateDetailJson>(`/modules/templates/${id}/`, { signal }),
  });

/** Copies a template with its tree, into `unit` when given (else the source's); answers the copy. */
export const duplicateTemplate = (id: number, unit?: number) =>
  api.post<TemplateDetailJson>(
    `/modules/templates/${id}/duplicate/`,
    unit === undefined ? {} : { unit },
  );

/** Archives (`archived` true) or unarchives a template; answers it. */
export const setTemplateArchived = (id: number, archived: boolean) =>
  api.post<TemplateDetailJson>(`/modules/templates/${id}/${archived ? 'archive' : 'unarchive'}/`);

/** Deletes a template; the server refuses (409) while modules were made from it. */
export const deleteTemplate = (id: number) => api.delete<void>(`/modules/templates/${id}/`);

/** After any change: the lists refetch; a known detail takes the server's answer. */
export function refreshTemplates(client: QueryClient, changed?: TemplateDetailJson) {
  if (changed) client.setQueryData(templateKeys.detail(changed.id), changed);
  return client.invalidateQueries({
    queryKey: templateKeys.all,
    predicate: (q) => q.queryKey[1] !== changed?.id,
  });
}

/** Where a new module from this template is made (the modules page reads `template`). */
export const newModulePath = (id: number) => `/modules/new?template=${id}`;
