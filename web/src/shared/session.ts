import { useSyncExternalStore } from 'react';
import type { SecondFactorState } from '../../../domain/schemas/second-factors.ts';

export interface Me {
  id: number;
  email: string;
  is_active: boolean;
  is_data_processing_accepted: boolean;
  language: string;
  permissions: string[];
  profile: number | null;
  second_factor: SecondFactorState;
}

export interface Profile {
  id: number;
  first_name: string;
  last_name: string;
  [field: string]: unknown;
}

export interface Unit {
  id: number;
  name?: string;
  [field: string]: unknown;
}

/** A role the signed-in person may assign, with its label in the current language. */
export interface RoleOption {
  value: string;
  label: string;
}

export interface SessionState {
  user: Me | null;
  profile: Profile | null;
  units: Unit[] | null;
  roles: RoleOption[] | null;
}

const empty: SessionState = { user: null, profile: null, units: null, roles: null };
let state: SessionState = empty;
const listeners = new Set<() => void>();

/** The signed-in user, their profile, the units and the roles: what the start sequence stores. */
export const session = {
  get: () => state,
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  },
  clear() {
    state = empty;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useSession = (): SessionState => useSyncExternalStore(session.subscribe, session.get);
