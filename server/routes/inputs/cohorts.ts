import { z } from 'zod';
import { ARCHIVE_STATUSES } from '../../../domain/constants.ts';

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
