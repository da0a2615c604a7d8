import { z } from 'zod';

/** The fields of an assessment's history, as its evaluations, comments and states name them. */
export const HISTORY_FIELDS = [
  'evaluation',
  'grade',
  'letter',
  'progression',
  'trend',
  'text',
  'comment',
  'status',
  'is_included_in_grade_summary',
  'group',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

const historyValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type HistoryValue = z.infer<typeof historyValue>;

/** One change of `GET /assessments/{id}/history/`: who changed what, from what to what, when. */
export const assessmentHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** update, move, create, or the transition (validate, close, reopen, include…, exclude…) */
  action: z.string(),
  /** the person's name; null once their login was deleted */
  actor: z.string().nullable(),
  target: z.object({
    kind: z.enum(['assessment', 'block', 'criterion']),
    /** the block's or criterion's name; null for the assessment itself */
    name: z.string().nullable(),
  }),
  changes: z.array(
    z.object({ field: z.enum(HISTORY_FIELDS), from: historyValue, to: historyValue }),
  ),
});
export type AssessmentHistoryEntry = z.infer<typeof assessmentHistoryEntry>;
