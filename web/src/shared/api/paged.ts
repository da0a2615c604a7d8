import { MAX_PAGE_SIZE } from '../../../../domain/constants.ts';
import { api } from '../api-client.ts';

/** One page of a list, as every list of the API answers it (domain/schemas/page.ts). */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

type Get = <T>(path: string, init?: { signal?: AbortSignal }) => Promise<T>;

/**
 * Every row of the list at `path` (with its query), page after page of the largest size: one
 * request for most lists, and none of a larger one's rows lost past its first page.
 */
export async function everyRow<T>(
  path: string,
  { signal, get = api.get }: { signal?: AbortSignal; get?: Get } = {},
): Promise<T[]> {
  const rows: T[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  for (let offset = 0; ;) {
    const page = await get<Paged<T>>(`${path}${joiner}limit=${MAX_PAGE_SIZE}&offset=${offset}`, {
      signal,
    });
    rows.push(...page.results);
    offset += page.results.length;
    if (!page.next || page.results.length === 0) return rows;
  }
}
