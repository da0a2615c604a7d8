import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ASSESSMENT_STATUSES,
  EVALUATION_LEVELS,
  GRADING_FORMULAS,
  LETTERS,
  MODULE_STATUSES,
  MODULE_TYPES,
  PROGRESSION_FLAGS,
  ROUNDING_FORMULAS,
  TRENDS,
} from '../../domain/constants.ts';
import { formatDecimal } from '../../domain/decimal.ts';
import type { Queryable } from '../db/client.ts';
import {
  assessmentGroups,
  assessments,
  blockEvaluations,
  criterionEvaluations,
  moduleBlocks,
  moduleCriteria,
  modules,
  profiles,
} from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import {
  ASSESSMENT_ACTIONS,
  permissionsFor,
  targetColumns,
  type AssessmentTarget,
} from '../policies/assessments.ts';
import {
  presentTreeRows,
  readBlockRows,
  readHeader,
  type DetailHeader,
  readCriterionRows,
  type TreeBlockOut,
} from './assessment-detail-rows.ts';

/** A stored decimal ("4.500") as the API writes it ("4.5"); null stays null. */
export const decimalOut = (value: string | null | undefined) =>
  value == null ? null : formatDecimal(value);

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

interface BlockOut {
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
  criteria: z.infer<typeof criterionSchema>[];
  blocks: BlockOut[];
}

const blockSchema: z.ZodType<BlockOut> = z.lazy(() =>
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
  permissions: z.object(Object.fromEntries(ASSESSMENT_ACTIONS.map((a) => [a, z.boolean()]))),
});
export type AssessmentDetail = z.infer<typeof assessmentDetailSchema>;

const student = alias(profiles, 'student');
const validator = alias(profiles, 'validator');
const closer = alias(profiles, 'closer');

/** The assessment with its module, group, people and policy target; one query. */
export async function loadAssessmentHeader(q: Queryable, assessmentId: number) {
  const [row] = await q
    .select({
      assessment: assessments,
      module: modules,
      group: { id: assessmentGroups.id, name: assessmentGroups.name },
      student: { id: student.id, firstName: student.firstName, lastName: student.lastName },
      validator: { id: validator.id, firstName: validator.firstName, lastName: validator.lastName },
      closer: { id: closer.id, firstName: closer.firstName, lastName: closer.lastName },
      target: targetColumns,
    })
    .from(assessments)
    .innerJoin(modules, eq(modules.id, assessments.moduleId))
    .innerJoin(student, eq(student.id, assessments.studentId))
    .leftJoin(assessmentGroups, eq(assessmentGroups.id, assessments.groupId))
    .leftJoin(validator, eq(validator.userId, assessments.validatedBy))
    .leftJoin(closer, eq(closer.userId, assessments.closedBy))
    .where(eq(assessments.id, assessmentId));
  return row;
}
export type AssessmentHeader = NonNullable<Awaited<ReturnType<typeof loadAssessmentHeader>>>;

const moduleOf = (assessmentId: number) =>
  sql`(select ${assessments.moduleId} from ${assessments} where ${assessments.id} = ${assessmentId})`;

/** The frozen blocks of the assessment's module with their evaluations; one query. */
export function loadBlocks(q: Queryable, assessmentId: number) {
  return q
    .select({ block: moduleBlocks, evaluation: blockEvaluations })
    .from(moduleBlocks)
    .innerJoin(
      blockEvaluations,
      and(
        eq(blockEvaluations.blockId, moduleBlocks.id),
        eq(blockEvaluations.assessmentId, assessmentId),
      ),
    )
    .where(eq(moduleBlocks.moduleId, moduleOf(assessmentId)))
    .orderBy(asc(moduleBlocks.order), asc(moduleBlocks.id));
}

/** The frozen criteria of the assessment's module with their evaluations; one query. */
export function loadCriteria(q: Queryable, assessmentId: number) {
  return q
    .select({ criterion: moduleCriteria, evaluation: criterionEvaluations })
    .from(moduleCriteria)
    .innerJoin(
      criterionEvaluations,
      and(
        eq(criterionEvaluations.criterionId, moduleCriteria.id),
        eq(criterionEvaluations.assessmentId, assessmentId),
      ),
    )
    .where(eq(moduleCriteria.moduleId, moduleOf(assessmentId)))
    .orderBy(asc(moduleCriteria.order), asc(moduleCriteria.id));
}
export type BlockRow = Awaited<ReturnType<typeof loadBlocks>>[number];
export type CriterionRow = Awaited<ReturnType<typeof loadCriteria>>[number];

export const targetOf = (header: DetailHeader): AssessmentTarget => header.target;

const presentPerson = (
  p: { id: number | null; firstName: string | null; lastName: string | null } | null,
) =>
  p && p.id != null
    ? { id: p.id, first_name: p.firstName ?? '', last_name: p.lastName ?? '' }
    : null;

export function presentDetail(
  actor: Actor,
  header: DetailHeader,
  tree: TreeBlockOut[],
): AssessmentDetail {
  const { assessment: a, module: m } = header;
  return {
    id: a.id,
    status: a.status,
    grade: decimalOut(a.grade),
    version: a.version,
    comment: a.comment,
    is_included_in_grade_summary: a.isIncludedInGradeSummary,
    module: {
      id: m.id,
      name: m.name,
      module_type: m.moduleType,
      status: m.status,
      graded: m.graded,
      rounding_formula: m.roundingFormula,
      unit: m.unitId,
      start_date: m.startDate,
      end_date: m.endDate,
    },
    group: header.group,
    student: presentPerson(header.student)!,
    validated_at: a.validatedAt?.toISOString() ?? null,
    validated_by: presentPerson(header.validator),
    closed_at: a.closedAt?.toISOString() ?? null,
    closed_by: presentPerson(header.closer),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    blocks: tree,
    permissions: permissionsFor(actor, targetOf(header), a.isIncludedInGradeSummary),
  };
}

/** The whole detail in three queries run together, whatever the size of the tree. */
export async function loadAssessmentDetail(q: Queryable, assessmentId: number, reader: Actor) {
  const [header, blocks, criteria] = await Promise.all([
    readHeader(q, assessmentId, reader),
    readBlockRows(q, assessmentId),
    readCriterionRows(q, assessmentId),
  ]);
  return header ? { header, tree: presentTreeRows(blocks, criteria) } : null;
}
