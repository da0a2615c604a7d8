import type { QueryClient } from '@tanstack/react-query';

/** Loading a page's code and first data ahead of a click on a link to it. */
export type PagePrefetch = (
  client: QueryClient,
  pageId: string,
  params: Record<string, string>,
) => void;

let prefetch: PagePrefetch = () => {};

/**
 * The app installs the real prefetch at start (app/prefetch.ts), since only it knows the pages:
 * links and features stay below the route table, and no import runs in a circle through it.
 */
export function installPagePrefetch(implementation: PagePrefetch): void {
  prefetch = implementation;
}

export function prefetchPage(
  client: QueryClient,
  pageId: string,
  params: Record<string, string> = {},
): void {
  prefetch(client, pageId, params);
}
