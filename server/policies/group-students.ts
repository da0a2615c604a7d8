import { inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { instructedStudentIds } from './assessments.ts';

/**
 * The "their groups" reach of INSTRUCTOR and ENTERPRISE_INSTRUCTOR on profiles: the students who
 * have an assessment in a group the actor instructs, in a module of `unitIds`.
 */
export function groupStudentsCondition(
  db: Queryable,
  actor: Actor,
  unitIds: readonly number[],
): SQL | undefined {
  if (actor.profileId == null || unitIds.length === 0) return undefined;
  return inArray(profiles.id, instructedStudentIds(db, actor.profileId, unitIds));
}
