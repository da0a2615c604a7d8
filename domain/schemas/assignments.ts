/** The requests and the answers of /api/assignments/: a role of a profile in a unit. */
import { z } from 'zod';
import { ROLES } from '../constants.ts';

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
export type AssignmentJson = z.infer<typeof assignmentSchema>;

const id = z.number().int().positive();
export const assignmentBody = z.object({ profile: id, unit: id.nullish(), role: z.enum(ROLES) });
export type AssignmentInput = z.output<typeof assignmentBody>;

/** The roles the reader may give, as {value, label} in the request's language. */
export const assignmentMetadataSchema = z.object({
  roles: z.array(z.object({ value: z.enum(ROLES), label: z.string() })),
});
