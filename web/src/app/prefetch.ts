import type { QueryClient } from '@tanstack/react-query';
import { logger } from '../shared/logger.ts';
import { installPagePrefetch } from '../shared/prefetch.ts';
import { preloadPage } from './page-modules.ts';

export type Prefetcher = (client: QueryClient, params: Record<string, string>) => Promise<unknown>;

/**
 * The data a page needs first, by page id, fetched when a link to it is hovered or focused.
 * A feature registers its page here with the same query key its page uses.
 */
export const PREFETCHERS: Record<string, Prefetcher> = {};

installPagePrefetch((client, pageId, params) => {
  preloadPage(pageId);
  const prefetcher = PREFETCHERS[pageId];
  if (!prefetcher) return;
  prefetcher(client, params).catch((error: unknown) =>
    logger.warn(`Could not prefetch the data of ${pageId}`, error),
  );
});
