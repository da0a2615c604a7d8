/**
 * The baseline's criterion PATCH: the same work as ours by hand on one pg client (the check of
 * who may evaluate, the version guard, the change, the grades recomputed by the domain's engine
 * and stored in one statement, an audit row), in one transaction.
 */
import type pg from 'pg';
import { acceptsEvaluationChanges } from '../domain/assessment-states.ts';
import type { AssessmentStatus, ModuleStatus, RoundingFormula } from '../domain/constants.ts';
import { decimalOut, formatDecimal } from '../domain/decimal.ts';
import { computeGrades, criterionResult } from '../domain/grading.ts';
import { can } from '../domain/policy.ts';
import { evaluationInput, gradingBlocks } from '../server/commands/recompute-grades.ts';
import type { GradingBlockRow, GradingCriterionRow } from '../server/queries/assessment-detail.ts';
import type { Reader } from './baseline.ts';

type Row = Record<string, unknown>;
interface Answer {
  status: number;
  body: unknown;
}

const READ = `select e.id, e.assessment_id, e.evaluation, c.has_evaluation, a.status,
    m.status as m_status, m.unit_id, m.graded, m.rounding_formula, a.student_id,
    array(select instructor_id from group_instructors where group_id = a.group_id) as instructors
  from criterion_evaluations e join module_criteria c on c.id = e.criterion_id
    join assessments a on a.id = e.assessment_id join modules m on m.id = a.module_id
  where e.id = $1`;

const BLOCKS = `select b.id, b.parent_id, b.grading_formula, b.coefficient::text as coefficient,
    b.should_include_in_export, e.id as e_id
  from module_blocks b join block_evaluations e on e.block_id = b.id and e.assessment_id = $1
  where b.module_id = (select module_id from assessments where id = $1) order by b."order", b.id`;

const CRITERIA = `select c.id, c.block_id, c.has_evaluation, c.has_text_input, c.has_progression,
    c.flags, c.grade, c.letter_evaluation, c.points::text as points, e.id as e_id, e.evaluation,
    e.text, e.progression, e.grade::text as e_grade, e.letter, e.trend
  from module_criteria c join criterion_evaluations e on e.criterion_id = c.id and e.assessment_id = $1
  where c.module_id = (select module_id from assessments where id = $1) order by c."order", c.id`;

export async function criterionPatch(
  pool: pg.Pool,
  reader: Reader,
  id: number,
  body: unknown,
): Promise<Answer> {
  const { version, evaluation } = body as { version: number; evaluation: string };
  const client = await pool.connect();
  try {
    const [row] = (await client.query({ name: 'patch_read', text: READ, values: [id] }))
      .rows as Row[];
    const target = {
      unitId: row?.unit_id as number,
      instructorProfileIds: row?.instructors as number[],
      studentProfileId: row?.student_id as number,
    };
    if (!row || !can(reader, 'evaluateAssessment', target))
      return { status: 404, body: { detail: 'Not found.' } };
    if (!row.has_evaluation) return { status: 400, body: { evaluation: ['invalid'] } };
    const open = (status: unknown) =>
      acceptsEvaluationChanges(status as AssessmentStatus, row.m_status as ModuleStatus);
    if (!open(row.status)) return { status: 400, body: { detail: 'closed' } };
    const assessment = row.assessment_id as number;
    await client.query('begin');
    const bumped = await client.query({
      name: 'patch_version',
      text: `update assessments set version = version + 1, updated_at = now()
        where id = $1 and version = $2 returning version, status`,
      values: [assessment, version],
    });
    if (bumped.rowCount === 0 || !open(bumped.rows[0].status)) {
      await client.query('rollback');
      return { status: 409, body: { detail: 'stale' } };
    }
    await client.query({
      name: 'patch_write',
      text: 'update criterion_evaluations set evaluation = $2, updated_at = now() where id = $1',
      values: [id, evaluation],
    });
    const [blocks, criteria] = await Promise.all([
      client.query<GradingBlockRow>({ name: 'patch_blocks', text: BLOCKS, values: [assessment] }),
      client.query<GradingCriterionRow>({
        name: 'patch_criteria',
        text: CRITERIA,
        values: [assessment],
      }),
    ]);
    const result = computeGrades(
      {
        blocks: gradingBlocks(blocks.rows, criteria.rows),
        graded: row.graded as boolean,
        rounding_formula: row.rounding_formula as RoundingFormula,
      },
      criteria.rows.map(evaluationInput),
    );
    const blockGrades = blocks.rows.map((b) => ({
      id: b.e_id as number,
      block: b.id as number,
      grade: result.blocks[b.id as number] ?? null,
    }));
    const points = criteria.rows.map((c) => {
      const scored = criterionResult(c, evaluationInput(c));
      return {
        id: c.e_id as number,
        criterion: c.id as number,
        points: scored && formatDecimal(scored.points),
      };
    });
    await client.query({
      name: 'patch_grades',
      text: `with blocks as (
          update block_evaluations as be set grade = v.grade
          from unnest($1::int[], $2::numeric[]) as v(id, grade) where be.id = v.id
        ), criteria as (
          update criterion_evaluations as ce set points = v.points
          from unnest($3::int[], $4::numeric[]) as v(id, points) where ce.id = v.id
        )
        update assessments set grade = $5 where id = $6`,
      values: [
        blockGrades.map((b) => b.id),
        blockGrades.map((b) => b.grade),
        points.map((p) => p.id),
        points.map((p) => p.points),
        result.module,
        assessment,
      ],
    });
    await client.query({
      name: 'patch_audit',
      text: `insert into audit_trail (actor_user_id, action, entity, entity_id, old_value, new_value)
        values ($1, 'update', 'criterion_evaluation', $2, $3, $4)`,
      values: [reader.userId, id, { evaluation: row.evaluation }, { evaluation }],
    });
    await client.query('commit');
    return {
      status: 200,
      body: {
        version: bumped.rows[0].version,
        grade: decimalOut(result.module),
        blocks: blockGrades.map((b) => ({ ...b, grade: decimalOut(b.grade) })),
        criteria: points.map((p) => ({ ...p, points: decimalOut(p.points) })),
      },
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
