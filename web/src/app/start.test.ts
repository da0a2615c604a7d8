import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api-error.ts';
import type { SessionState } from '../shared/session.ts';
import { startSequence } from './start.ts';

const me = (over: object = {}) => ({
  id: 1,
  email: 'a@b.ch',
  is_active: true,
  is_data_processing_accepted: true,
  second_factor: 'NONE',
  language: 'fr',
  permissions: ['listUnit'],
  profile: 7,
  ...over,
});

function run(answers: Record<string, unknown>, hasSession = true) {
  let state: SessionState = { user: null, profile: null, units: null, roles: null };
  const logs: string[] = [];
  const calls: string[] = [];
  const deps = {
    hasSession: () => hasSession,
    get: async <T>(path: string) => {
      calls.push(path);
      const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
      const answer = key === undefined ? new ApiError(404, {}) : answers[key];
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    store: {
      get: () => state,
      set: (patch: Partial<SessionState>) => (state = { ...state, ...patch }),
    },
    log: {
      info: () => {},
      warn: (message: unknown) => logs.push(`warn ${String(message)}`),
      error: (message: unknown) => logs.push(`error ${String(message)}`),
    },
  };
  // the roles may still be on their way when the sequence ends: one more turn lets them land
  return startSequence(deps)
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => ({ state, logs, calls }));
}

const units = { count: 1, next: null, previous: null, results: [{ id: 3 }] };

describe('start sequence', () => {
  it('stores the user, the profile, the units and the roles', async () => {
    const { state, logs, calls } = await run({
      '/users/me/': me(),
      '/profiles/7/': { id: 7, first_name: 'Ana', last_name: 'Rossi' },
      '/units/': units,
      '/assignments/metadata/': { roles: [{ value: 'STUDENT', label: 'Apprenti·e' }] },
    });
    expect(state.user?.id).toBe(1);
    expect(state.profile?.first_name).toBe('Ana');
    expect(state.units).toEqual([{ id: 3 }]);
    expect(state.roles).toEqual([{ value: 'STUDENT', label: 'Apprenti·e' }]);
    expect(logs).toEqual([]);
    expect(calls[0]).toBe('/users/me/');
  });

  it('asks for the roles, the profile and the units side by side, once the user is known', async () => {
    const asked: string[] = [];
    const answers = new Map<string, (answer: unknown) => void>();
    let state: SessionState = { user: null, profile: null, units: null, roles: null };
    let ended = false;
    const started = startSequence({
      hasSession: () => true,
      get: <T>(path: string) => {
        asked.push(path);
        if (path === '/users/me/') return Promise.resolve(me() as T);
        return new Promise<T>((resolve) => answers.set(path, resolve as (a: unknown) => void));
      },
      store: { get: () => state, set: (patch) => (state = { ...state, ...patch }) },
      log: { info: () => {}, warn: () => {}, error: () => {} },
    }).then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // none of them has answered yet, and all three are asked
    expect(asked).toEqual([
      '/users/me/',
      '/assignments/metadata/',
      '/profiles/7/',
      '/units/?limit=1000&offset=0',
    ]);
    answers.get('/units/?limit=1000&offset=0')!(units);
    answers.get('/profiles/7/')!({ id: 7 });
    await started;
    // the first page does not wait for the roles: no page reads them from the session
    expect(ended).toBe(true);
    expect(state).toMatchObject({ profile: { id: 7 }, units: [{ id: 3 }], roles: null });
    answers.get('/assignments/metadata/')!({ roles: [{ value: 'STUDENT', label: 'Apprenti·e' }] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.roles).toEqual([{ value: 'STUDENT', label: 'Apprenti·e' }]);
  });

  it('asks nothing when the browser holds no session: the visitor is signed out', async () => {
    const { state, logs, calls } = await run({ '/users/me/': me() }, false);
    expect(calls).toEqual([]);
    expect(state).toMatchObject({ user: null, profile: null });
    expect(logs).toEqual([]);
  });

  it('loads nothing but the user before the data-processing consent', async () => {
    const { state, logs, calls } = await run({
      '/users/me/': me({ is_data_processing_accepted: false }),
      '/profiles/7/': new ApiError(403, { code: 'consent_required' }),
      '/units/': new ApiError(403, { code: 'consent_required' }),
      '/assignments/metadata/': new ApiError(403, { code: 'consent_required' }),
    });
    expect(calls).toEqual(['/users/me/']);
    expect(state.user?.is_data_processing_accepted).toBe(false);
    expect(logs).toEqual([]);
  });

  it.each(['PENDING', 'SETUP_REQUIRED'])(
    'loads nothing but the user while the second factor is %s',
    async (state) => {
      const refused = new ApiError(403, { code: 'second_factor_required' });
      const { calls, logs } = await run({
        '/users/me/': me({ second_factor: state }),
        '/profiles/7/': refused,
        '/units/': refused,
        '/assignments/metadata/': refused,
      });
      expect(calls).toEqual(['/users/me/']);
      expect(logs).toEqual([]);
    },
  );

  it('stays signed out silently when the user cannot be loaded', async () => {
    const { state, logs, calls } = await run({ '/users/me/': new ApiError(401, {}) });
    expect(state.user).toBeNull();
    expect(logs).toEqual([]);
    expect(calls).toEqual(['/users/me/']);
  });

  it('warns when the user has no profile', async () => {
    const { logs } = await run({
      '/users/me/': me({ profile: null, permissions: [] }),
      '/assignments/metadata/': { roles: [] },
    });
    expect(logs).toEqual(['warn Logged in user has no profile.']);
  });

  it('only loads units with listUnit, ignores 403 and logs other failures', async () => {
    const without = await run({
      '/users/me/': me({ permissions: [] }),
      '/profiles/': {},
      '/assignments/': { roles: [] },
    });
    expect(without.calls.some((c) => c.startsWith('/units/'))).toBe(false);
    const refused = await run({
      '/users/me/': me(),
      '/profiles/': {},
      '/units/': new ApiError(403, {}),
      '/assignments/': { roles: [] },
    });
    expect(refused.logs).toEqual([]);
    const broken = await run({
      '/users/me/': me(),
      '/profiles/': {},
      '/units/': new ApiError(500, {}),
      '/assignments/': { roles: [] },
    });
    expect(broken.logs).toEqual(['error Could not retrieve units']);
  });

  it('logs when the roles fail and goes on', async () => {
    const { state, logs } = await run({
      '/users/me/': me({ permissions: [] }),
      '/profiles/': {},
      '/assignments/': new ApiError(500, {}),
    });
    expect(logs).toEqual(['error Could not load the roles']);
    expect(state.user).not.toBeNull();
  });
});
