import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchPage } from '../shared/prefetch.ts';
import { session, type Me } from '../shared/session.ts';
import './prefetchers.ts';

const visitor = (accepted: boolean): Me => ({
  id: 7,
  email: 'ada@example.ch',
  is_active: true,
  is_data_processing_accepted: accepted,
  language: 'fr',
  permissions: [],
  profile: 64,
  second_factor: 'NONE',
});

/** The API addresses asked while a link to `pageId` is hovered. */
async function askedOnHover(pageId: string, params: Record<string, string> = {}) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(Response.json({ id: 64, first_name: 'Ada', last_name: 'Muster' }));
  });
  prefetchPage(new QueryClient(), pageId, params);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return asked.filter((url) => url.startsWith('/api/'));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('a link hovered', () => {
  it('asks for the data of the page the visitor may open', async () => {
    session.set({ user: visitor(true) });
    expect(await askedOnHover('home')).toEqual(['/api/profiles/64/']);
  });

  it('asks at start, before the start sequence knows who is signed in', async () => {
    expect(await askedOnHover('grade-summary', { id: '42' })).toEqual([
      '/api/profiles/42/grade-summary/',
    ]);
  });

  it('asks nothing for a page the visitor would be led away from, before their consent', async () => {
    session.set({ user: visitor(false) });
    expect(await askedOnHover('home')).toEqual([]);
  });
});
