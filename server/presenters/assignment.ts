import type { AssignmentJson } from '../../domain/schemas/assignments.ts';
import type { AssignmentRow } from '../queries/rows.ts';

export const presentAssignment = (row: AssignmentRow): AssignmentJson => ({
  id: row.id,
  unit: row.unitId,
  role: row.role,
  profile: row.profileId,
  created_at: row.createdAt.toISOString(),
});
