import { describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.ts';
import { session, type Me } from './session.ts';

const person = (id: number): Me => ({
  id,
  email: `p${id}@example.ch`,
  is_active: true,
  is_data_processing_accepted: true,
  second_factor: 'NONE',
  language: 'fr',
  permissions: [],
  profile: id,
});

describe('session', () => {
  it('drops every cached answer when another person signs in or the person signs out', () => {
    session.set({ user: person(1) });
    queryClient.setQueryData(['assessments', 'latest'], { results: ['of person 1'] });
    session.set({ profile: null });
    expect(queryClient.getQueryData(['assessments', 'latest'])).toBeDefined();

    session.set({ user: person(2) });
    expect(queryClient.getQueryData(['assessments', 'latest'])).toBeUndefined();

    queryClient.setQueryData(['profiles', 2], { id: 2 });
    session.clear();
    expect(queryClient.getQueryData(['profiles', 2])).toBeUndefined();
  });

  it('keeps the page data fetched at start for the person the start sequence then names', async () => {
    vi.resetModules();
    const fresh = await import('./session.ts');
    const { queryClient: cache } = await import('./query-client.ts');
    cache.setQueryData(['assessments', 5], { id: 5 });
    fresh.session.set({ user: person(3) });
    expect(cache.getQueryData(['assessments', 5])).toEqual({ id: 5 });

    fresh.session.clear();
    cache.setQueryData(['assessments', 5], { id: 5, late: 'answer of person 3' });
    fresh.session.set({ user: person(4) });
    expect(cache.getQueryData(['assessments', 5])).toBeUndefined();
  });
});
