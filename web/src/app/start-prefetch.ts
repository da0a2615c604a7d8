import { queryClient } from '../shared/query-client.ts';
import { prefetchPage } from '../shared/prefetch.ts';
import type { PageDef } from './pages.ts';
import './prefetch.ts';
import './prefetchers.ts';

/**
 * Fetches the first data of the page being opened while the start sequence asks who is signed
 * in, into the cache the page reads: on a slow network the page shows one round trip sooner.
 * For a visitor who is not signed in the request is refused and the page is never shown.
 */
export function prefetchAtStart(opened: { page: PageDef; params: Record<string, string> }): void {
  prefetchPage(queryClient, opened.page.id, opened.params);
}
