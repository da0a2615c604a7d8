import type { QueryClient } from '@tanstack/react-query';
import { logger } from '../shared/logger.ts';
import { installPagePrefetch } from '../shared/prefetch.ts';
import { session } from '../shared/session.ts';
import { decide } from './navigation-rules.ts';
import { preloadPage } from './page-modules.ts';
import { pageById } from './pages.ts';

export type Prefetcher = (client: QueryClient, params: Record<string, string>) => Promise<unknown>;

/**
 * The data a page needs first, by page id, fetched when a link to it is hovered or focused.
 * A feature registers its page here with the same query key its page uses.
 */
export const PREFETCHERS: Record<string, Prefetcher> = {};

/**
 * Whether the navigation rules would let the visitor onto the page. A page they would be led away
 * from (before their consent or their second factor) is not prefetched: the server would refuse
 * its data, and that refusal would send them to the consent page from a page open before it (their
 * account) where a link to home was only hovered. At start, before the visitor is known, the
 * server decides.
 */
function mayOpen(pageId: string, params: Record<string, string>): boolean {
  const visitor = session.get().user;
  if (!visitor) return true;
  const page = pageById(pageId);
  return decide({ page, params, path: '', wanted: '', next: null, visitor }).kind === 'allow';
}

installPagePrefetch((client, pageId, params) => {
  if (!mayOpen(pageId, params)) return;
  preloadPage(pageId);
  const prefetcher = PREFETCHERS[pageId];
  if (!prefetcher) return;
  prefetcher(client, params).catch((error: unknown) =>
    logger.warn(`Could not prefetch the data of ${pageId}`, error),
  );
});
