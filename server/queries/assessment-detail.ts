import { sql, type SQL } from 'drizzle-orm';
import type {
  SignatureRole,
  AssessmentStatus,
  EvaluationLevel,
  ModuleStatus,
  ModuleType,
  RoundingFormula,
  GradingFormula,
  Letter,
  ProgressionFlag,
  Trend,
} from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { driverDate, rowsCompiledByShape, rowsCompiledOnce, rowsOf } from '../db/rows.ts';
import type { GradeScale, LetterScale } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { holdsScope, type AssessmentTarget } from '../policies/assessments.ts';

/**
 * The one read of an assessment: its header (module, group, people, policy target) and its frozen
 * tree with this assessment's evaluations, as plain rows from hand-written SQL (the detail is the
 * most read answer, and building the ORM's selects cost more than the queries themselves). The
 * page, the PDF, the writes' checks and the grade recomputation all read through here.
 */

/** A block of the module's frozen tree with this assessment's evaluation, as grading reads it. */
export interface GradingBlockRow {
  id: number;
  parent_id: number | null;
  grading_formula: GradingFormula;
  coefficient: string;
  should_include_in_export: boolean;
  e_id: number;
}

export interface DetailBlockRow extends GradingBlockRow {
  name: string;
  reference: string;
  reference_color: string | null;
  order: number;
  is_one_line: boolean;
  comment: string;
  e_grade: string | null;
}

/** A criterion of the module's frozen tree with this assessment's evaluation, as grading reads it. */
export interface GradingCriterionRow {
  id: number;
  block_id: number;
  has_evaluation: boolean;
  has_text_input: boolean;
  has_progression: boolean;
  flags: ProgressionFlag[];
  grade: GradeScale | null;
  letter_evaluation: LetterScale | null;
  points: string;
  e_id: number;
  evaluation: EvaluationLevel | null;
  text: string | null;
  progression: ProgressionFlag[];
  e_grade: string | null;
  letter: Letter | null;
  trend: Trend | null;
}

export interface DetailCriterionRow extends GradingCriterionRow {
  name: string;
  description: string;
  order: number;
  e_points: string | null;
}

/** The placeholder every compiled read of the detail takes: `{ assessmentId }`. */
const ASSESSMENT_ID = sql.placeholder('assessmentId');
const MODULE_OF_ASSESSMENT = sql`(select module_id from assessments where id = ${ASSESSMENT_ID})`;

interface HeaderRow {
  id: number;
  status: AssessmentStatus;
  grade: string | null;
  version: number;
  comment: string;
  is_included_in_grade_summary: boolean;
  validated_at: string | Date | null;
  closed_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  m_id: number;
  m_name: string;
  module_type: ModuleType;
  m_status: ModuleStatus;
  graded: boolean;
  rounding_formula: RoundingFormula;
  unit_id: number;
  start_date: string | null;
  end_date: string | null;
  g_id: number | null;
  g_name: string | null;
  s_id: number;
  s_first: string;
  s_last: string;
  v_id: number | null;
  v_first: string | null;
  v_last: string | null;
  c_id: number | null;
  c_first: string | null;
  c_last: string | null;
  instructor_ids: number[];
  representative_ids: number[];
  birth_date: string | null;
  has_representative: boolean;
  signatures: SignatureJson[] | null;
}

/** A standing sign-off as the header's JSON gives it. */
interface SignatureJson {
  role: SignatureRole;
  profile_id: number;
  first_name: string;
  last_name: string;
  signed_at: string;
  comment: string;
  version: number;
}

const person = (id: number | null, first: string | null, last: string | null) =>
  id == null ? null : { id, firstName: first, lastName: last };

/** What changes the header's text: which of the reader's scopes read the group and the wards. */
interface HeaderShape {
  withInstructors: boolean;
  withRepresentatives: boolean;
}

/** The header's read, compiled once for each shape. */
const headerRows = rowsCompiledByShape<HeaderRow, { assessmentId: number }, HeaderShape>(
  ({ withInstructors, withRepresentatives }) => {
    const instructors = withInstructors
      ? sql`array(select instructor_id from group_instructors where group_id = a.group_id)`
      : sql`'{}'::int[]`;
    const representatives = withRepresentatives
      ? sql`array(select representative_id from legal_representatives where student_id = a.student_id)`
      : sql`'{}'::int[]`;
    return sql`select a.id, a.status, a.grade::text as grade, a.version, a.comment,
        a.is_included_in_grade_summary, a.validated_at, a.closed_at, a.created_at, a.updated_at,
        m.id as m_id, m.name as m_name, m.module_type, m.status as m_status, m.graded,
        m.rounding_formula, m.unit_id, m.start_date::text as start_date,
        m.end_date::text as end_date, g.id as g_id, g.name as g_name,
        s.id as s_id, s.first_name as s_first, s.last_name as s_last,
        v.id as v_id, v.first_name as v_first, v.last_name as v_last,
        c.id as c_id, c.first_name as c_first, c.last_name as c_last,
        ${instructors} as instructor_ids, ${representatives} as representative_ids,
        s.birth_date, exists(select 1 from legal_representatives where student_id = a.student_id)
          as has_representative,
        case when m.module_type = 'TRAINING_REPORT' then (select coalesce(json_agg(json_build_object(
            'role', sg.role, 'profile_id', p.id, 'first_name', p.first_name,
            'last_name', p.last_name, 'signed_at', sg.signed_at, 'comment', sg.comment,
            'version', sg.assessment_version) order by sg.signed_at, sg.id), '[]')
          from signatures sg join profiles p on p.id = sg.profile_id
          where sg.assessment_id = a.id and sg.voided_at is null) end as signatures
      from assessments a join modules m on m.id = a.module_id
        join profiles s on s.id = a.student_id
        left join assessment_groups g on g.id = a.group_id
        left join profiles v on v.user_id = a.validated_by
        left join profiles c on c.user_id = a.closed_by
      where a.id = ${ASSESSMENT_ID}`;
  },
);

/**
 * The assessment with its module, group, people and policy target for `reader`: the group's
 * instructors and the student's representatives only when the reader's scopes read them
 * (policies/assessments.ts, targetColumnsFor). One query; undefined when there is none.
 */
export async function readAssessmentHeader(q: Queryable, assessmentId: number, reader: Actor) {
  const shape = {
    withInstructors: holdsScope(reader, 'groups'),
    withRepresentatives: holdsScope(reader, 'wards'),
  };
  const [h] = await headerRows(q, shape, { assessmentId });
  if (!h) return undefined;
  const target: AssessmentTarget = {
    unitId: h.unit_id,
    moduleStatus: h.m_status,
    status: h.status,
    studentProfileId: h.s_id,
    instructorProfileIds: h.instructor_ids,
    representativeProfileIds: h.representative_ids,
  };
  return {
    assessment: {
      id: h.id,
      status: h.status,
      grade: h.grade,
      version: h.version,
      comment: h.comment,
      isIncludedInGradeSummary: h.is_included_in_grade_summary,
      validatedAt: h.validated_at == null ? null : driverDate(h.validated_at),
      closedAt: h.closed_at == null ? null : driverDate(h.closed_at),
      createdAt: driverDate(h.created_at),
      updatedAt: driverDate(h.updated_at),
    },
    module: {
      id: h.m_id,
      name: h.m_name,
      moduleType: h.module_type,
      status: h.m_status,
      graded: h.graded,
      roundingFormula: h.rounding_formula,
      unitId: h.unit_id,
      startDate: h.start_date,
      endDate: h.end_date,
    },
    group: h.g_id == null ? null : { id: h.g_id, name: h.g_name! },
    student: person(h.s_id, h.s_first, h.s_last),
    validator: person(h.v_id, h.v_first, h.v_last),
    closer: person(h.c_id, h.c_first, h.c_last),
    target,
    /** the sign-off of a training report: who signed, and what decides who must */
    signOff: {
      signatures: (h.signatures ?? []).map((sg) => ({
        ...sg,
        signed_at: driverDate(sg.signed_at),
      })),
      birthDate: h.birth_date,
      hasRepresentative: h.has_representative,
    },
  };
}
export type AssessmentHeader = NonNullable<Awaited<ReturnType<typeof readAssessmentHeader>>>;

const GRADING_BLOCK_COLUMNS = sql`b.id, b.parent_id, b.grading_formula,
  b.coefficient::text as coefficient, b.should_include_in_export, e.id as e_id`;

/** The module's frozen blocks with this assessment's evaluations and `columns`, in order. */
const blocksOfAssessment = (columns: SQL) =>
  sql`select ${columns}
    from module_blocks b
      join block_evaluations e on e.block_id = b.id and e.assessment_id = ${ASSESSMENT_ID}
    where b.module_id = ${MODULE_OF_ASSESSMENT}
    order by b."order", b.id`;

const blockRows = rowsCompiledOnce<DetailBlockRow, { assessmentId: number }>(
  blocksOfAssessment(sql`${GRADING_BLOCK_COLUMNS}, b.name, b.reference, b.reference_color,
    b."order", b.is_one_line, e.comment, e.grade::text as e_grade`),
);
/**
 * A recomputation reads only what grading uses: every evaluation saved recomputes its grades,
 * and the driver parsed the detail's names and texts there for nothing.
 */
const gradingBlockRows = rowsCompiledOnce<GradingBlockRow, { assessmentId: number }>(
  blocksOfAssessment(GRADING_BLOCK_COLUMNS),
);
export const readGradingBlockRows = (q: Queryable, assessmentId: number) =>
  gradingBlockRows(q, { assessmentId });

const GRADING_CRITERION_COLUMNS = sql`c.id, c.block_id, c.has_evaluation, c.has_text_input,
  c.has_progression, c.flags, c.grade, c.letter_evaluation, c.points::text as points,
  e.id as e_id, e.evaluation, e.text, e.progression, e.grade::text as e_grade, e.letter, e.trend`;

/** The module's frozen criteria with this assessment's evaluations and `columns`, in order. */
const criteriaOfAssessment = (columns: SQL) =>
  sql`select ${columns}
    from module_criteria c
      join criterion_evaluations e on e.criterion_id = c.id and e.assessment_id = ${ASSESSMENT_ID}
    where c.module_id = ${MODULE_OF_ASSESSMENT}
    order by c."order", c.id`;

const criterionRows = rowsCompiledOnce<DetailCriterionRow, { assessmentId: number }>(
  criteriaOfAssessment(sql`${GRADING_CRITERION_COLUMNS}, c.name, c.description, c."order",
    e.points::text as e_points`),
);
const gradingCriterionRows = rowsCompiledOnce<GradingCriterionRow, { assessmentId: number }>(
  criteriaOfAssessment(GRADING_CRITERION_COLUMNS),
);
export const readGradingCriterionRows = (q: Queryable, assessmentId: number) =>
  gradingCriterionRows(q, { assessmentId });

/** The whole detail in three queries run together, whatever the size of the tree. */
export async function readAssessmentDetail(q: Queryable, assessmentId: number, reader: Actor) {
  const [header, blocks, criteria] = await Promise.all([
    readAssessmentHeader(q, assessmentId, reader),
    blockRows(q, { assessmentId }),
    criterionRows(q, { assessmentId }),
  ]);
  return header ? { header, blocks, criteria } : undefined;
}
export type AssessmentDetailRows = NonNullable<Awaited<ReturnType<typeof readAssessmentDetail>>>;

/** The instructors of the assessment's group, by name, for its PDF; one query. */
export async function readInstructorNames(q: Queryable, assessmentId: number) {
  const rows = await rowsOf<{ name: string }>(
    q,
    sql`select p.first_name || ' ' || p.last_name as name
    from group_instructors gi join profiles p on p.id = gi.instructor_id
    where gi.group_id = (select group_id from assessments where id = ${assessmentId})
    order by p.last_name, p.first_name, p.id`,
  );
  return rows.map((row) => row.name);
}
