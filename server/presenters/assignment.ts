import { z } from 'zod';
import { ROLES } from '../../domain/constants.ts';
import type { assignments } from '../db/schema/index.ts';

/** An assignment inside a profile: `{id, unit, role}`. */
export const profileAssignmentSchema = z.object({
  id: z.number().int(),
  unit: z.number().int().nullable(),
  role: z.enum(ROLES),
});

export const assignmentSchema = profileAssignmentSchema.extend({
  profile: z.number().int(),
  created_at: z.string(),
});

type AssignmentRow = typeof assignments.$inferSelect;

export const presentProfileAssignment = (row: AssignmentRow) => ({
  id: row.id,
  unit: row.unitId,
  role: row.role,
});

export const presentAssignment = (row: AssignmentRow): z.infer<typeof assignmentSchema> => ({
  ...presentProfileAssignment(row),
  profile: row.profileId,
  created_at: row.createdAt.toISOString(),
});
