import type { FastifyRequest } from 'fastify';

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
