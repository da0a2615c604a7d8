import type { CohortJson, CohortPermissions } from '../../domain/schemas/cohorts.ts';
import type { CohortRow } from '../queries/rows.ts';

export const presentCohort = (
  cohort: CohortRow,
  studentIds: number[],
  permissions: CohortPermissions,
): CohortJson => ({
  id: cohort.id,
  name: cohort.name,
  unit: cohort.unitId,
  status: cohort.status,
  students: studentIds,
  permissions,
  created_at: cohort.createdAt.toISOString(),
  updated_at: cohort.updatedAt.toISOString(),
});
