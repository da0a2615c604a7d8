import { z } from 'zod';

/** A student whose retention ran out (`GET /retention/`): who, and when their training ended. */
export const erasableStudent = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** the day their last module ended */
  last_end: z.string(),
});
export type ErasableStudent = z.infer<typeof erasableStudent>;
