import { z } from 'zod';
import type { assessmentGroups } from '../db/schema/index.ts';

export const instructorSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  module: z.number().int(),
  instructors: z.array(z.number().int()),
  instructor_details: z.array(instructorSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export interface InstructorRow {
  groupId: number;
  id: number;
  firstName: string;
  lastName: string;
}

export function presentGroup(
  group: typeof assessmentGroups.$inferSelect,
  instructors: InstructorRow[],
) {
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
