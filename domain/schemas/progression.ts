import { z } from 'zod';
import { MODULE_TYPES, PROGRESSION_FLAGS } from '../constants.ts';

/** `?group=&cohort=`: the students of one group, or of one cohort. */
export const progressionQuery = z.object({
  group: z.coerce.number().int().positive().optional(),
  cohort: z.coerce.number().int().positive().optional(),
});

/**
 * The progression map of a module: its criteria with progression (columns), the students the
 * reader may see (rows), each cell the furthest stage reached, or null.
 */
export const progressionMapSchema = z.object({
  module: z.object({ id: z.number().int(), name: z.string(), module_type: z.enum(MODULE_TYPES) }),
  criteria: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      block: z.string(),
      reference: z.string().nullable(),
    }),
  ),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  students: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      assessment_id: z.number().int(),
      group_id: z.number().int().nullable(),
      /** one per criterion, in the criteria's order */
      cells: z.array(z.enum(PROGRESSION_FLAGS).nullable()),
    }),
  ),
});
export type ProgressionMap = z.infer<typeof progressionMapSchema>;
