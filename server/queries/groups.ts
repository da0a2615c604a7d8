import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, groupInstructors, profiles } from '../db/schema/index.ts';

export interface InstructorRow {
  groupId: number;
  id: number;
  firstName: string;
  lastName: string;
}

/** The instructors (with names) of the given groups; one query, none for no group. */
export async function readGroupInstructors(
  q: Queryable,
  groupIds: number[],
): Promise<InstructorRow[]> {
  if (groupIds.length === 0) return [];
  return q
    .select({
      groupId: groupInstructors.groupId,
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(groupInstructors)
    .innerJoin(profiles, eq(profiles.id, groupInstructors.instructorId))
    .where(inArray(groupInstructors.groupId, groupIds));
}

/** A module's groups, by name, with their instructors. */
export async function readModuleGroups(q: Queryable, moduleId: number) {
  const groups = await q
    .select()
    .from(assessmentGroups)
    .where(eq(assessmentGroups.moduleId, moduleId))
    .orderBy(asc(assessmentGroups.name), asc(assessmentGroups.id));
  const instructors = await readGroupInstructors(
    q,
    groups.map((g) => g.id),
  );
  return { groups, instructors };
}
