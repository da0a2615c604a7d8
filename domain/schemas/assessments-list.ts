/** The query and the answer of GET /api/assessments/. */
import { z } from 'zod';
import { ASSESSMENT_STATUSES, MODULE_STATUSES, MODULE_TYPES } from '../constants.ts';
import { repeated } from './page.ts';

/** `?ordering=` of the assessment list; `-` sorts descending. */
const ASSESSMENT_ORDERINGS = [
  'id',
  '-id',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'status',
  '-status',
  'grade',
  '-grade',
  'module',
  '-module',
] as const;
export type AssessmentOrdering = (typeof ASSESSMENT_ORDERINGS)[number];

const id = z.coerce.number().int().positive();
export const assessmentFilters = {
  module: repeated(id),
  group: repeated(id),
  student: repeated(id),
  instructor: id.optional(),
  status: repeated(z.enum(ASSESSMENT_STATUSES)),
  is_included_in_grade_summary: z.enum(['true', 'false']).optional(),
  ordering: z.enum(ASSESSMENT_ORDERINGS).default('id'),
};
export type AssessmentFilters = z.output<z.ZodObject<typeof assessmentFilters>>;

export const assessmentListItem = z.object({
  id: z.number().int(),
  status: z.enum(ASSESSMENT_STATUSES),
  grade: z.string().nullable(),
  version: z.number().int(),
  is_included_in_grade_summary: z.boolean(),
  module: z.object({
    id: z.number().int(),
    name: z.string(),
    module_type: z.enum(MODULE_TYPES),
    status: z.enum(MODULE_STATUSES),
  }),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  validated_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssessmentListItem = z.infer<typeof assessmentListItem>;
