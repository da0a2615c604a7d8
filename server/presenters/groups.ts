import type { GroupJson } from '../../domain/schemas/modules.ts';
import type { InstructorRow } from '../queries/groups.ts';
import type { GroupRow } from '../queries/rows.ts';

export function presentGroup(group: GroupRow, instructors: InstructorRow[]): GroupJson {
  const own = instructors
    .filter((i) => i.groupId === group.id)
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return {
    id: group.id,
    name: group.name,
    module: group.moduleId,
    instructors: own.map((i) => i.id),
    instructor_details: own.map((i) => ({
      id: i.id,
      first_name: i.firstName,
      last_name: i.lastName,
    })),
    created_at: group.createdAt.toISOString(),
    updated_at: group.updatedAt.toISOString(),
  };
}
