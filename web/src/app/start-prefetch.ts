import { queryClient } from '../shared/query-client.ts';
import { prefetchPage } from '../shared/prefetch.ts';
import type { PageDef } from './pages.ts';
import './prefetch.ts';
import './prefetchers.ts';

/**
 * Fetches the first data of the page being opened while the start sequence asks who is signed
 * in, into the cache the page reads: on a slow network the page shows one round trip sooner.
 * main.tsx calls it only when the browser holds a session; if that session has expired, the
 * request is refused and the page's guard leads to the sign-in page as without it.
 */
export function prefetchAtStart(opened: { page: PageDef; params: Record<string, string> }): void {
  prefetchPage(queryClient, opened.page.id, opened.params);
}
