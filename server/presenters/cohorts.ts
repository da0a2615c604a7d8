import { z } from 'zod';
import { ARCHIVE_STATUSES } from '../../domain/constants.ts';
import { can } from '../../domain/policy.ts';
import type { cohorts } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';

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

export function presentCohort(
  actor: Actor,
  cohort: typeof cohorts.$inferSelect,
  studentIds: number[],
) {
  const target = { unitId: cohort.unitId };
  return {
    id: cohort.id,
    name: cohort.name,
    unit: cohort.unitId,
    status: cohort.status,
    students: studentIds,
    permissions: {
      change: can(actor, 'changeCohort', target),
      archive: can(actor, 'archiveCohort', target),
      delete: can(actor, 'deleteCohort', target),
    },
    created_at: cohort.createdAt.toISOString(),
    updated_at: cohort.updatedAt.toISOString(),
  };
}
