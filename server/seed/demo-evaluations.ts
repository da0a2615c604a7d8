import { eq, sql } from 'drizzle-orm';
import {
  LETTERS,
  type EvaluationLevel,
  type Locale,
  type ModuleType,
  type ProgressionFlag,
  type Trend,
} from '../../domain/constants.ts';
import type { Tx } from '../db/client.ts';
import { criterionEvaluations, moduleCriteria } from '../db/schema/index.ts';
import { DEMO_REMARKS } from './demo-templates.ts';

/**
 * What an instructor would have entered for a student of a given level (0 weak … 1 strong):
 * evaluation levels, grades on the criterion's scale and step, letters, progression flags,
 * remarks and trends. Deterministic, so every seeded demo looks the same.
 */

export interface FilledEvaluation {
  id: number;
  evaluation: EvaluationLevel | null;
  text: string | null;
  progression: ProgressionFlag[];
  grade: string | null;
  letter: string | null;
  trend: Trend | null;
}

type Criterion = typeof moduleCriteria.$inferSelect;

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** A little spread between criteria, so one student is not equally good at everything. */
const jitter = (criterionIndex: number, studentIndex: number) =>
  (((criterionIndex * 53 + studentIndex * 29) % 7) - 3) * 0.07;

const levelOf = (v: number): EvaluationLevel =>
  v >= 0.7 ? 'GOOD' : v >= 0.35 ? 'SUFFICIENT' : 'INSUFFICIENT';

/** A grade on the scale's grid, e.g. 4.5 on 1..6 step 0.5. */
function gradeOf(scale: { min: string; max: string; step: string }, v: number): string {
  const min = Number(scale.min);
  const step = Number(scale.step);
  const steps = Math.round((Number(scale.max) - min) / step);
  const digits = (scale.step.split('.')[1] ?? '').length;
  return (min + Math.round(v * steps) * step).toFixed(digits);
}

function letterOf(range: { min: string; max: string }, v: number): string {
  const from = LETTERS.indexOf(range.min as (typeof LETTERS)[number]);
  const to = LETTERS.indexOf(range.max as (typeof LETTERS)[number]);
  return LETTERS[from + Math.round((1 - v) * (to - from))]!;
}

const remarkOf = (language: Locale, v: number) =>
  DEMO_REMARKS[language][v >= 0.75 ? 0 : v >= 0.55 ? 1 : v >= 0.35 ? 2 : 3]!;

export function fillCriterion(
  criterion: Criterion,
  evaluationId: number,
  input: {
    level: number;
    criterionIndex: number;
    studentIndex: number;
    language: Locale;
    moduleType: ModuleType;
  },
): FilledEvaluation {
  const v = clamp(input.level + jitter(input.criterionIndex, input.studentIndex));
  const shown = criterion.flags.length;
  return {
    id: evaluationId,
    evaluation: criterion.hasEvaluation ? levelOf(v) : null,
    text: criterion.hasTextInput ? remarkOf(input.language, v) : null,
    progression: criterion.hasProgression
      ? criterion.flags.slice(0, Math.max(1, Math.round(v * shown)))
      : [],
    grade: criterion.grade ? gradeOf(criterion.grade, v) : null,
    letter: criterion.letterEvaluation ? letterOf(criterion.letterEvaluation, v) : null,
    trend:
      input.moduleType === 'TRAINING_REPORT' && criterion.hasEvaluation
        ? v >= 0.65
          ? 'UP'
          : v < 0.35
            ? 'DOWN'
            : 'STABLE'
        : null,
  };
}

/** The criterion evaluations of a module's assessments, with their criterion; one query. */
export function evaluationsOfModule(tx: Tx, moduleId: number) {
  return tx
    .select({
      id: criterionEvaluations.id,
      assessmentId: criterionEvaluations.assessmentId,
      criterion: moduleCriteria,
    })
    .from(criterionEvaluations)
    .innerJoin(moduleCriteria, eq(moduleCriteria.id, criterionEvaluations.criterionId))
    .where(eq(moduleCriteria.moduleId, moduleId))
    .orderBy(moduleCriteria.blockId, moduleCriteria.order, moduleCriteria.id);
}

/** Stores the filled evaluations in one UPDATE … FROM (VALUES …). */
export async function storeEvaluations(tx: Tx, rows: FilledEvaluation[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::int, ${r.evaluation}::text, ${r.text}::text, ${JSON.stringify(r.progression)}::jsonb,
          ${r.grade}::numeric, ${r.letter}::text, ${r.trend}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update criterion_evaluations as ce set evaluation = v.evaluation,
      text = v.text, progression = v.progression, grade = v.grade, letter = v.letter,
      trend = v.trend, updated_at = now()
    from (values ${values}) as v(id, evaluation, text, progression, grade, letter, trend)
    where ce.id = v.id`);
}
