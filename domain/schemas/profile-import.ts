/** The request of POST /api/profiles/import/: rows of a file, for one unit and role. */
import { z } from 'zod';

const IMPORT_ROLES = ['STUDENT', 'INSTRUCTOR'] as const;
/** A canton's intake fits in one file; the import writes in batches whatever its size. */
const MAX_IMPORT_ROWS = 10_000;

// cells arrive as typed in the file: checked here one by one so every bad row is reported at once
const cell = z.string().max(1000).optional();
export const importBody = z.object({
  unit: z.number().int().positive(),
  role: z.enum(IMPORT_ROLES),
  dry_run: z.boolean().optional(),
  rows: z
    .array(
      z.object({ first_name: cell, last_name: cell, email: cell, kind: cell, birth_date: cell }),
    )
    .min(1)
    .max(MAX_IMPORT_ROWS),
});
export type ProfileImport = z.output<typeof importBody>;
