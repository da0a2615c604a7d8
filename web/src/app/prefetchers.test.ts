import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from './pages.ts';
import { PREFETCHERS } from './prefetch.ts';
import './prefetchers.ts';

afterEach(() => vi.unstubAllGlobals());

describe("a page's first call", () => {
  // the server names it in the page it sends (start hints): the browser takes that preload for
  // the prefetcher's request only if both ask the very same address
  it.each(PAGES.filter((page) => page.firstCall))('is what $id prefetches', async (page) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(Response.json({}));
    });
    await PREFETCHERS[page.id]!(new QueryClient(), { id: '42' });
    expect(asked).toEqual([`/api${page.firstCall!.replace(':id', '42')}`]);
  });
});
