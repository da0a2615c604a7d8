import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { groupInstructors } from '../db/schema/index.ts';
import { readGroupInstructors } from '../queries/groups.ts';
import { checkUnitMembers } from './unit-members.ts';

const INSTRUCTING_ROLES = ['INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR', 'COURSE_MANAGER'] as const;

/** Instructors must instruct (or manage courses) in the module's unit: 400 on `instructors`. */
export const checkInstructors = (q: Queryable, unitId: number, instructorIds: number[]) =>
  checkUnitMembers(q, unitId, instructorIds, INSTRUCTING_ROLES, {
    field: 'instructors',
    key: 'instructorNotInUnit',
  });

/** The group's instructors become exactly `instructorIds`. */
export async function replaceInstructors(tx: Queryable, groupId: number, instructorIds: number[]) {
  await tx.delete(groupInstructors).where(eq(groupInstructors.groupId, groupId));
  if (instructorIds.length > 0)
    await tx
      .insert(groupInstructors)
      .values(instructorIds.map((instructorId) => ({ groupId, instructorId })));
}

/** The ids of a group's instructors, for its audit row. */
export const instructorIdsOf = async (q: Queryable, groupId: number) =>
  (await readGroupInstructors(q, [groupId])).map((i) => i.id);
