import { describe, expect, it } from 'vitest';
import { queryClient } from './query-client.ts';
import { session, type Me } from './session.ts';

const person = (id: number): Me => ({
  id,
  email: `p${id}@example.ch`,
  is_active: true,
  is_data_processing_accepted: true,
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
});
