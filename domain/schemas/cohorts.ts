/** The requests and the answer of /api/cohorts/. */
import { z } from 'zod';
import { ARCHIVE_STATUSES } from '../constants.ts';

const id = z.number().int().positive();

/** A new cohort is created ACTIVE with no students: `status` and `students` are read and ignored. */
export const cohortCreateBody = z.object({
  name: z.string().trim().min(1).max(200),
  unit: id,
});

export const cohortPatchBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    students: z.array(id).max(5000),
  })
  .partial();

export const cohortListQuery = {
  unit: z.coerce.number().int().positive().optional(),
  status: z.enum(ARCHIVE_STATUSES).optional(),
  search: z.string().max(200).optional(),
  ordering: z.enum(['name', '-name', 'created_at', '-created_at']).optional(),
};

export const cohortSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.number().int(),
  status: z.enum(ARCHIVE_STATUSES),
  students: z.array(z.number().int()),
  permissions: z.object({ change: z.boolean(), archive: z.boolean(), delete: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CohortJson = z.infer<typeof cohortSchema>;
export type CohortPermissions = CohortJson['permissions'];
export type CohortListQuery = z.output<z.ZodObject<typeof cohortListQuery>>;
