import type { Locale, Role } from '../../domain/constants.ts';
import type { SecondFactorState } from '../../domain/schemas/second-factors.ts';

export interface ActorAssignment {
  role: Role;
  unitId: number | null;
}

/** The signed-in person a request acts for, as every policy sees it. */
export interface Actor {
  userId: number;
  email: string;
  profileId: number | null;
  language: Locale;
  isDataProcessingAccepted: boolean;
  assignments: ActorAssignment[];
  sessionIdHash: string;
  secondFactor: SecondFactorState;
}

export const rolesOf = (actor: Actor): Role[] => [...new Set(actor.assignments.map((a) => a.role))];
