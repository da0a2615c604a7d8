import { ApiError } from '../shared/api-error.ts';
import { everyRow } from '../shared/api/paged.ts';
import type { Logger } from '../shared/logger.ts';
import type { Me, Profile, RoleOption, SessionState, Unit } from '../shared/session.ts';

export interface StartDeps {
  get: <T>(path: string) => Promise<T>;
  /** whether the browser holds a session (its readable hint cookie): else nobody is signed in */
  hasSession: () => boolean;
  store: { get(): SessionState; set(patch: Partial<SessionState>): void };
  log: Logger;
}

/** Every unit, page after page; loaded once and again only on request (spec section 4). */
export async function loadUnits(deps: StartDeps, { force = false } = {}): Promise<void> {
  if (deps.store.get().units && !force) return;
  try {
    deps.store.set({ units: await everyRow<Unit>('/units/', { get: deps.get }) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return;
    deps.log.error('Could not retrieve units', error);
  }
}

export async function loadRoles(deps: StartDeps): Promise<void> {
  try {
    const metadata = await deps.get<{ roles: RoleOption[] }>('/assignments/metadata/');
    deps.store.set({ roles: metadata.roles });
  } catch (error) {
    deps.log.error('Could not load the roles', error);
  }
}

/** Who is signed in; a failure leaves the visitor signed out, and without a session none is asked. */
async function loadCurrentUser(deps: StartDeps): Promise<Me | null> {
  if (!deps.hasSession()) {
    deps.store.set({ user: null, profile: null });
    return null;
  }
  try {
    const user = await deps.get<Me>('/users/me/');
    deps.store.set({ user });
    return user;
  } catch {
    deps.store.set({ user: null, profile: null });
    return null;
  }
}

async function loadProfile(deps: StartDeps, user: Me): Promise<void> {
  if (user.profile === null) {
    deps.store.set({ profile: null });
    deps.log.warn('Logged in user has no profile.');
    return;
  }
  try {
    deps.store.set({ profile: await deps.get<Profile>(`/profiles/${user.profile}/`) });
  } catch {
    deps.store.set({ profile: null });
  }
}

/**
 * The start sequence of spec section 4: the current user, then their profile, all units for
 * listUnit, then the roles. Only signed-in visitors load the rest: the API refuses them otherwise.
 * The profile, the units and the roles depend only on the user, so they are asked side by side:
 * one round trip before the first page on a slow network, where one after the other took three.
 * It ends once the user, the profile and the units are stored, what pages read as they first
 * show; no page reads the roles from here, so they arrive without holding the first page back.
 * The server names `/users/me/` and the profile in the page it sends (server/lib/start-hints.ts),
 * so the browser has usually asked them before this code runs.
 */
export async function startSequence(deps: StartDeps): Promise<void> {
  const user = await loadCurrentUser(deps);
  // before the second factor and the data-processing consent the API answers nothing else
  if (!user || !user.is_data_processing_accepted) return;
  if (user.second_factor === 'PENDING' || user.second_factor === 'SETUP_REQUIRED') return;
  void loadRoles(deps);
  await Promise.all([
    loadProfile(deps, user),
    user.permissions.includes('listUnit') ? loadUnits(deps) : undefined,
  ]);
}
