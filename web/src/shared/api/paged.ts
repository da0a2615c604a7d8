import { MAX_PAGE_SIZE } from '../../../../domain/constants.ts';
import { api } from '../api-client.ts';

/** One page of a list, as every list of the API answers it (domain/schemas/page.ts). */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * Every row of the list at `path` (with its query), page after page of the largest size: one
 * request for most lists, and none of a larger one's rows lost past its first page.
 */
export async function everyRow<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  for (let offset = 0; ;) {
    const page = await api.get<Paged<T>>(
      `${path}${joiner}limit=${MAX_PAGE_SIZE}&offset=${offset}`,
      { signal },
    );
    rows.push(...page.results);
    offset += page.results.length;
    if (!page.next || page.results.length === 0) return rows;
  }
}
