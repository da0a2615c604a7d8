import type { FastifyRequest } from 'fastify';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** `?limit=&offset=` as every list takes them (the all-cohorts call uses 1000). */
export const pagingQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};

/** A query parameter that may be repeated (`?unit=1&unit=2`) or given once. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[])
    .optional();

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

function urlWithOffset(request: FastifyRequest, offset: number): string {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('offset', String(offset));
  return url.pathname + url.search;
}

/** `{count, next, previous, results}`, next and previous as relative URLs or null. */
export function page<T>(
  request: FastifyRequest,
  paging: { limit: number; offset: number },
  count: number,
  results: T[],
) {
  const { limit, offset } = paging;
  return {
    count,
    next: offset + limit < count ? urlWithOffset(request, offset + limit) : null,
    previous: offset > 0 ? urlWithOffset(request, Math.max(0, offset - limit)) : null,
    results,
  };
}

/** `ordering=name` / `ordering=-name` as ORDER BY, the id last so pages are stable. */
export function orderingOf(
  ordering: string | undefined,
  columns: Record<string, AnyColumn>,
  fallback: string,
  id: AnyColumn,
): SQL[] {
  const key = ordering ?? fallback;
  const column = columns[key.replace(/^-/, '')] ?? columns[fallback.replace(/^-/, '')]!;
  return [key.startsWith('-') ? desc(column) : asc(column), asc(id)];
}
