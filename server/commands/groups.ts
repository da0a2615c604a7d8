import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { assessmentGroups, groupInstructors, profiles } from '../db/schema/index.ts';
import { presentGroup, type InstructorRow } from '../presenters/groups.ts';

/** The instructors (with names) of the given groups. */
export async function instructorsOf(q: Queryable, groupIds: number[]): Promise<InstructorRow[]> {
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

/** A module's groups with their instructors, by name. */
export async function groupsOfModule(q: Queryable, moduleId: number) {
  const groups = await q
    .select()
    .from(assessmentGroups)
    .where(eq(assessmentGroups.moduleId, moduleId))
    .orderBy(asc(assessmentGroups.name), asc(assessmentGroups.id));
  const instructors = await instructorsOf(
    q,
    groups.map((g) => g.id),
  );
  return groups.map((group) => presentGroup(group, instructors));
}
