/**
 * The answer of GET /api/assessments/{id}/: the assessment with its module, people and the frozen
 * tree with this assessment's evaluations. The server validates its answers against it; the web
 * app imports its type.
 */
import { z } from 'zod';
import {
  ASSESSMENT_PERMISSION_KEYS,
  ASSESSMENT_STATUSES,
  EVALUATION_LEVELS,
  GRADING_FORMULAS,
  LETTERS,
  MODULE_STATUSES,
  MODULE_TYPES,
  PROGRESSION_FLAGS,
  ROUNDING_FORMULAS,
  SIGNATURE_ROLES,
  TRENDS,
} from '../constants.ts';
import { signatureSchema } from './training-report.ts';

const person = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
const scale = z.object({ min: z.string(), max: z.string(), step: z.string(), weight: z.string() });

const criterionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  has_evaluation: z.boolean(),
  has_text_input: z.boolean(),
  has_progression: z.boolean(),
  flags: z.array(z.enum(PROGRESSION_FLAGS)),
  grade: scale.nullable(),
  letter_evaluation: z.object({ min: z.string(), max: z.string() }).nullable(),
  points: z.string(),
  evaluation: z.object({
    id: z.number().int(),
    evaluation: z.enum(EVALUATION_LEVELS).nullable(),
    text: z.string().nullable(),
    progression: z.array(z.enum(PROGRESSION_FLAGS)),
    grade: z.string().nullable(),
    letter: z.enum(LETTERS).nullable(),
    points: z.string().nullable(),
    trend: z.enum(TRENDS).nullable(),
  }),
});
export type AssessmentCriterion = z.infer<typeof criterionSchema>;

export interface AssessmentBlock {
  id: number;
  name: string;
  reference: string;
  reference_color: string | null;
  order: number;
  grading_formula: (typeof GRADING_FORMULAS)[number];
  coefficient: string;
  should_include_in_export: boolean;
  is_one_line: boolean;
  evaluation: { id: number; comment: string; grade: string | null };
  criteria: AssessmentCriterion[];
  blocks: AssessmentBlock[];
}

const blockSchema: z.ZodType<AssessmentBlock> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    reference: z.string(),
    reference_color: z.string().nullable(),
    order: z.number().int(),
    grading_formula: z.enum(GRADING_FORMULAS),
    coefficient: z.string(),
    should_include_in_export: z.boolean(),
    is_one_line: z.boolean(),
    evaluation: z.object({
      id: z.number().int(),
      comment: z.string(),
      grade: z.string().nullable(),
    }),
    criteria: z.array(criterionSchema),
    blocks: z.array(blockSchema),
  }),
);
blockSchema.register(z.globalRegistry, { id: 'AssessmentBlock' });

export const assessmentDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(ASSESSMENT_STATUSES),
  grade: z.string().nullable(),
  version: z.number().int(),
  comment: z.string(),
  is_included_in_grade_summary: z.boolean(),
  module: z.object({
    id: z.number().int(),
    name: z.string(),
    module_type: z.enum(MODULE_TYPES),
    status: z.enum(MODULE_STATUSES),
    graded: z.boolean(),
    rounding_formula: z.enum(ROUNDING_FORMULAS),
    unit: z.number().int(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  student: person,
  validated_at: z.string().nullable(),
  validated_by: person.nullable(),
  closed_at: z.string().nullable(),
  closed_by: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  blocks: z.array(blockSchema),
  permissions: z.object(
    Object.fromEntries(ASSESSMENT_PERMISSION_KEYS.map((a) => [a, z.boolean()])) as Record<
      (typeof ASSESSMENT_PERMISSION_KEYS)[number],
      z.ZodBoolean
    >,
  ),
  /** a training report's standing sign-offs, and the parties it still waits for once validated */
  signatures: z.array(signatureSchema),
  signatures_missing: z.array(z.enum(SIGNATURE_ROLES)),
});
export type AssessmentDetail = z.infer<typeof assessmentDetailSchema>;
