import { z } from 'zod';
import { MODULE_TYPES, RISK_REASONS } from '../constants.ts';
import { pagingQuery } from './page.ts';

/** `GET /students/at-risk/?unit=&group=&reason=&student=` */
export const atRiskQuery = z.object({
  unit: z.coerce.number().int().positive().optional(),
  student: z.coerce.number().int().positive().optional(),
  group: z.coerce.number().int().positive().optional(),
  reason: z.enum(RISK_REASONS).optional(),
  ...pagingQuery,
});

/**
 * One reason a student is at risk, with its source: the assessment (an insufficient grade, the
 * latest of falling grades, an unvalidated training report), or none when the source is the
 * student's grade summary (a training report that does not exist).
 */
const riskReason = z.object({
  reason: z.enum(RISK_REASONS),
  unit_id: z.number().int(),
  assessment_id: z.number().int().nullable(),
  module_name: z.string().nullable(),
  module_type: z.enum(MODULE_TYPES).nullable(),
  /** INSUFFICIENT_GRADE: the module grade */
  grade: z.string().nullable(),
  /** FALLING_GRADES: the mean of the last three grades and of the three before */
  recent_mean: z.string().nullable(),
  previous_mean: z.string().nullable(),
  /** TRAINING_REPORT_MISSING, TRAINING_REPORT_UNSIGNED: the semester of the report */
  semester_start: z.string().nullable(),
  semester_end: z.string().nullable(),
  /** the group of the source assessment */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RiskReasonItem = z.infer<typeof riskReason>;

export const studentAtRisk = z.object({
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** higher is more severe: 3 per insufficient grade, 2 per falling module type, 1 per report */
  severity: z.number().int(),
  reasons: z.array(riskReason),
});
export type StudentAtRisk = z.infer<typeof studentAtRisk>;

/**
 * The groups the reasons come from, before the group filter: the choices of that filter. Listed
 * when the reasons all come from one unit (a unit chosen, or a reach of one unit); otherwise
 * only the group filtered by, if any.
 */
export const atRiskGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  module_name: z.string(),
});
export type AtRiskGroup = z.infer<typeof atRiskGroup>;
