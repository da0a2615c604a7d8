/** The requests and the answer of /api/units/. */
import { z } from 'zod';

export const unitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UnitJson = z.infer<typeof unitSchema>;

export const unitBody = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(20),
});
export type UnitInput = z.output<typeof unitBody>;
