import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import type { Actor } from './actor.ts';

/**
 * The extension point for the "their groups" reach of INSTRUCTOR and ENTERPRISE_INSTRUCTOR on
 * profiles: a condition on `profiles.id` selecting the students of the assessment groups the actor
 * instructs inside `unitIds`, or undefined for none.
 *
 * Assessment groups do not exist yet, so instructors see no profile but their own. The helper who
 * adds groups replaces this body with something like
 * `inArray(profiles.id, db.select({ id: assessments.studentId }).from(…).where(…))`.
 */
export function groupStudentsCondition(
  _db: Queryable,
  _actor: Actor,
  _unitIds: readonly number[],
): SQL | undefined {
  return undefined;
}
