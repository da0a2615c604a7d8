/** The answer of GET /api/profiles/{id}/grade-summary/ (and what its PDF and xlsx show). */
import { z } from 'zod';
import { ASSESSMENT_STATUSES, EXPORT_FORMATS, MODULE_TYPES } from '../constants.ts';

const entry = z.object({
  assessment: z.number().int(),
  module: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  status: z.enum(ASSESSMENT_STATUSES),
  grade: z.string().nullable(),
  is_insufficient: z.boolean(),
});

export const gradeSummarySchema = z.object({
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  groups: z.array(
    z.object({
      module_type: z.enum(MODULE_TYPES),
      average: z.string().nullable(),
      is_insufficient: z.boolean(),
      assessments: z.array(entry),
    }),
  ),
  average: z.string().nullable(),
  is_insufficient: z.boolean(),
});
export type GradeSummary = z.infer<typeof gradeSummarySchema>;

/** GET /api/cohorts/{id}/grade-summaries/: whose summaries the reader's cohort ZIP holds. */
export const cohortGradeSummariesSchema = z.object({
  /** the cohort's students whose grade summary the reader may read */
  students: z.number().int(),
  /** the cohort's other students, left out of the ZIP */
  left_out: z.number().int(),
});

/** GET /api/cohorts/{id}/grade-summaries/zip/?format=pdf&format=xlsx */
export const cohortZipQuery = z.object({
  format: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(EXPORT_FORMATS))
      .min(1)
      .transform((formats) => [...new Set(formats)]),
  ),
});
