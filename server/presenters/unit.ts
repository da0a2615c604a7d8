import { z } from 'zod';
import type { units } from '../db/schema/index.ts';

export const unitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const presentUnit = (unit: typeof units.$inferSelect): z.infer<typeof unitSchema> => ({
  id: unit.id,
  name: unit.name,
  code: unit.code,
  created_at: unit.createdAt.toISOString(),
  updated_at: unit.updatedAt.toISOString(),
});
