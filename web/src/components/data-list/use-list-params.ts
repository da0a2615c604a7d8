import { useCallback, useMemo } from 'react';
import { useAddressParams, type AddressChanges } from '../../shared/use-address-params.ts';

export const PAGE_SIZE = 25;

/**
 * The state of a server-side list kept in the address (page, search, ordering, filters), so the
 * back button, a reload and a shared link show the same list. Changing anything but the page
 * goes back to the first page.
 */
export function useListParams(defaults: { ordering?: string } = {}) {
  const { params, change } = useAddressParams();
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const search = params.get('search') ?? '';
  const ordering = params.get('ordering') ?? defaults.ordering ?? '';

  const update = useCallback(
    (changes: AddressChanges, keepPage = false) =>
      change(keepPage ? changes : { ...changes, page: null }),
    [change],
  );

  return useMemo(
    () => ({
      page,
      search,
      ordering,
      filter: (name: string) => params.get(name) ?? '',
      /** how many filters the reader chose (every parameter but page, search and order) */
      activeFilters: new Set(
        [...params]
          .filter(([name, value]) => value && !['page', 'search', 'ordering'].includes(name))
          .map(([name]) => name),
      ).size,
      filters: (name: string) => params.getAll(name),
      setPage: (value: number) => update({ page: value > 0 ? String(value + 1) : null }, true),
      setSearch: (value: string) => update({ search: value || null }),
      setOrdering: (value: string) => update({ ordering: value || null }),
      setFilter: (name: string, value: string | string[] | null) => update({ [name]: value }),
      /** `limit`, `offset`, `search`, `ordering` for the API, plus the given filters */
      query: (extra: Record<string, string | string[] | undefined> = {}) => {
        const query = new URLSearchParams({
          limit: String(PAGE_SIZE),
          offset: String(page * PAGE_SIZE),
        });
        if (search) query.set('search', search);
        if (ordering) query.set('ordering', ordering);
        for (const [name, value] of Object.entries(extra))
          for (const item of Array.isArray(value) ? value : value ? [value] : [])
            query.append(name, item);
        return query.toString();
      },
    }),
    [page, search, ordering, params, update],
  );
}

export type ListParams = ReturnType<typeof useListParams>;
