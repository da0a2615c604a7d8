import { SECOND_FACTOR_ROLES, type Role } from '../../domain/constants.ts';
import type { SecondFactorState } from '../../domain/schemas/second-factors.ts';

/** Where a session stands with the second factor (see SECOND_FACTOR_STATES). */
export function secondFactorState(session: {
  proved: boolean;
  hasFactor: boolean;
  roles: Role[];
}): SecondFactorState {
  if (session.proved) return 'VERIFIED';
  if (session.hasFactor) return 'PENDING';
  if (session.roles.some((role) => SECOND_FACTOR_ROLES.includes(role))) return 'SETUP_REQUIRED';
  return 'NONE';
}

/** Whether a session may use the platform (not only prove or set up its second factor). */
export const passedSecondFactor = (state: SecondFactorState) =>
  state === 'VERIFIED' || state === 'NONE';
