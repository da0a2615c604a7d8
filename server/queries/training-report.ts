import { sql } from 'drizzle-orm';
import type { EvaluationLevel, GoalResponsible, GoalReviewStatus } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The reads of the training report cycle. A report's day is its module's end (else start) date,
 * else the day it was made; "the previous report" of a student is the one before in that order
 * (then by id) among their training reports in the same unit, whatever its status.
 */
export const reportDay = sql.raw(
  `coalesce(m.end_date, m.start_date, to_char(a.created_at at time zone 'Europe/Zurich', 'YYYY-MM-DD'))`,
);

/** The training reports of the same student in the same unit as `assessmentId`, besides it. */
const siblingReports = (assessmentId: number) => sql`
  with me as (select a.id, a.student_id, m.unit_id, ${reportDay} as day
    from assessments a join modules m on m.id = a.module_id
    where a.id = ${assessmentId} and m.module_type = 'TRAINING_REPORT')
  select a.id, m.name as module_name, ${reportDay} as day, me.day as my_day, me.id as my_id
  from me join assessments a on a.student_id = me.student_id and a.id <> me.id
    join modules m on m.id = a.module_id
      and m.unit_id = me.unit_id and m.module_type = 'TRAINING_REPORT'`;

/** The student's report before `assessmentId` in the same unit, if any. */
export async function readPreviousReport(q: Queryable, assessmentId: number) {
  const [row] = await rowsOf<{ id: number; module_name: string }>(
    q,
    sql`select id, module_name from (${siblingReports(assessmentId)}) r
      where (r.day, r.id) < (r.my_day, r.my_id) order by r.day desc, r.id desc limit 1`,
  );
  return row;
}

/** The student's report after `assessmentId` in the same unit: where its goals are reviewed. */
export async function readNextReport(q: Queryable, assessmentId: number) {
  const [row] = await rowsOf<{ id: number }>(
    q,
    sql`select id from (${siblingReports(assessmentId)}) r
      where (r.day, r.id) > (r.my_day, r.my_id) order by r.day, r.id limit 1`,
  );
  return row;
}

export interface GoalRow {
  id: number;
  assessment_id: number;
  goal: string;
  measure: string;
  due_date: string | null;
  responsible: GoalResponsible;
  review_status: GoalReviewStatus | null;
  review_comment: string;
  reviewed_at: string | Date | null;
  version: number;
}

/** The goals set on the given reports, in the order they were set. */
export const readGoals = (q: Queryable, assessmentIds: number[]) =>
  rowsOf<GoalRow>(
    q,
    sql`select id, assessment_id, goal, measure, due_date::text as due_date, responsible,
      review_status, review_comment, reviewed_at, version
    from training_goals where assessment_id = any(${sql.param(assessmentIds)}::int[])
    order by id`,
  );

/** One goal, for a write's checks. */
export async function readGoal(q: Queryable, goalId: number) {
  const [row] = await rowsOf<GoalRow>(
    q,
    sql`select id, assessment_id, goal, measure, due_date::text as due_date, responsible,
      review_status, review_comment, reviewed_at, version
    from training_goals where id = ${goalId}`,
  );
  return row;
}

/** How many goals of the report before `assessmentId` are still to be reviewed on it. */
export async function countUnreviewedCarriedGoals(q: Queryable, assessmentId: number) {
  const previous = await readPreviousReport(q, assessmentId);
  if (!previous) return 0;
  const [row] = await rowsOf<{ n: number }>(
    q,
    sql`select count(*)::int as n from training_goals
      where assessment_id = ${previous.id} and review_status is null`,
  );
  return row!.n;
}

export interface SelfAssessmentCriterionRow {
  criterion: number;
  name: string;
  description: string;
  block: string;
  has_evaluation: boolean;
  evaluation: EvaluationLevel | null;
  text: string | null;
}

/** The report's criteria a student can assess (with an evaluation or a text), with their values. */
export const readSelfAssessmentCriteria = (q: Queryable, assessmentId: number) =>
  rowsOf<SelfAssessmentCriterionRow>(
    q,
    sql`select c.id as criterion, c.name, c.description, b.name as block, c.has_evaluation,
      s.evaluation, s.text
    from assessments a join module_criteria c on c.module_id = a.module_id
      join module_blocks b on b.id = c.block_id
      left join self_assessment_criteria s on s.assessment_id = a.id and s.criterion_id = c.id
    where a.id = ${assessmentId} and (c.has_evaluation or c.has_text_input)
    order by b."order", b.id, c."order", c.id`,
  );

/** The self-assessment's own row (none before the student's first write). */
export async function readSelfAssessmentRow(q: Queryable, assessmentId: number) {
  const [row] = await rowsOf<{ view: string; submitted_at: string | Date | null; version: number }>(
    q,
    sql`select view, submitted_at, version from self_assessments
      where assessment_id = ${assessmentId}`,
  );
  return row;
}

/**
 * The roles a report (alias `a`, its student's profile `s`) still waits for, as a text array; null
 * while it is in progress. The SQL twin of domain/training-report.ts's missingSignatures and
 * needsLegalRepresentative: a student born less than 18 years before the validation day (in
 * Switzerland) is a minor; one of unknown birth date needs a representative if they have one.
 * The roles signed are the report's `signed_roles`, which a trigger keeps from its standing
 * sign-offs: a list of a unit's 6,000 reports checks them without reading a sign-off.
 */
export const missingRolesSql = sql.raw(`case when a.status = 'IN_PROGRESS' then null
  else array_remove(array[
    case when not 'INSTRUCTOR' = any(a.signed_roles) then 'INSTRUCTOR' end,
    case when not 'STUDENT' = any(a.signed_roles) then 'STUDENT' end,
    case when not 'LEGAL_REPRESENTATIVE' = any(a.signed_roles)
      and case when s.birth_date is null
        then exists (select 1 from legal_representatives lr where lr.student_id = a.student_id)
        else s.birth_date::date > (a.validated_at at time zone 'Europe/Zurich')::date
          - interval '18 years' end
      then 'LEGAL_REPRESENTATIVE' end], null) end`);

/** A live (unused, unexpired) sign link by its token, with the report's unit; else undefined. */
export async function readLiveSignLink(q: Queryable, tokenHash: string, now: Date) {
  const [row] = await rowsOf<{
    id: number;
    assessment_id: number;
    representative_id: number;
    unit_id: number;
    expires_at: string | Date;
  }>(
    q,
    sql`select l.id, l.assessment_id, l.representative_id, m.unit_id, l.expires_at
    from sign_links l join assessments a on a.id = l.assessment_id
      join modules m on m.id = a.module_id
    where l.token_hash = ${tokenHash} and l.used_at is null
      and l.expires_at > ${now.toISOString()}::timestamptz`,
  );
  return row;
}
