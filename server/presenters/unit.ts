import type { UnitJson } from '../../domain/schemas/units.ts';
import type { UnitRow } from '../queries/rows.ts';

export const presentUnit = (unit: UnitRow): UnitJson => ({
  id: unit.id,
  name: unit.name,
  code: unit.code,
  created_at: unit.createdAt.toISOString(),
  updated_at: unit.updatedAt.toISOString(),
});
