import { z } from 'zod';

/** What a read of a student's grades was: a page or a file. */
export const READ_KINDS = [
  'assessment',
  'assessment_pdf',
  'grade_summary',
  'grade_summary_pdf',
  'grade_summary_xlsx',
  'cohort_zip',
  'students_at_risk',
  'progression_map',
  'progression_map_xlsx',
] as const;
export type ReadKind = (typeof READ_KINDS)[number];

/** One read of `GET /profiles/{id}/read-log/`: who, when, what. */
export const readLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** the reader's name; null once their login was deleted */
  reader: z.string().nullable(),
  kind: z.enum(READ_KINDS),
  /** the assessment's module, or the cohort of a ZIP; null for the grade summary */
  object: z.string().nullable(),
});
export type ReadLogEntry = z.infer<typeof readLogEntry>;
