import type { AssessmentPermissionKey, SignatureRole } from '../../domain/constants.ts';
import { decimalOut } from '../../domain/decimal.ts';
import type {
  AssessmentBlock,
  AssessmentCriterion,
  AssessmentDetail,
} from '../../domain/schemas/assessment-detail.ts';
import type {
  AssessmentDetailRows,
  DetailBlockRow,
  DetailCriterionRow,
} from '../queries/assessment-detail.ts';

function presentCriterion(c: DetailCriterionRow): AssessmentCriterion {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    order: c.order,
    has_evaluation: c.has_evaluation,
    has_text_input: c.has_text_input,
    has_progression: c.has_progression,
    flags: c.flags,
    grade: c.grade,
    letter_evaluation: c.letter_evaluation,
    points: decimalOut(c.points),
    evaluation: {
      id: c.e_id,
      evaluation: c.evaluation,
      text: c.text,
      progression: c.progression,
      grade: decimalOut(c.e_grade),
      letter: c.letter,
      points: decimalOut(c.e_points),
      trend: c.trend,
    },
  };
}

/** Blocks nested under their parents, in order, each with its criteria. */
function presentTree(blocks: DetailBlockRow[], criteria: DetailCriterionRow[]): AssessmentBlock[] {
  const byId = new Map<number, AssessmentBlock>();
  for (const b of blocks) {
    byId.set(b.id, {
      id: b.id,
      name: b.name,
      reference: b.reference,
      reference_color: b.reference_color,
      order: b.order,
      grading_formula: b.grading_formula,
      coefficient: decimalOut(b.coefficient),
      should_include_in_export: b.should_include_in_export,
      is_one_line: b.is_one_line,
      evaluation: { id: b.e_id, comment: b.comment, grade: decimalOut(b.e_grade) },
      criteria: [],
      blocks: [],
    });
  }
  for (const c of criteria) byId.get(c.block_id)?.criteria.push(presentCriterion(c));
  const roots: AssessmentBlock[] = [];
  for (const b of blocks) {
    const parent = b.parent_id == null ? undefined : byId.get(b.parent_id);
    (parent ? parent.blocks : roots).push(byId.get(b.id)!);
  }
  return roots;
}

const presentPerson = (
  p: { id: number; firstName: string | null; lastName: string | null } | null,
) => (p ? { id: p.id, first_name: p.firstName ?? '', last_name: p.lastName ?? '' } : null);

/** GET /assessments/{id}/: the read rows as the answer, with what the reader may do now. */
export function presentAssessmentDetail(
  { header, blocks, criteria }: AssessmentDetailRows,
  permissions: Record<AssessmentPermissionKey, boolean>,
  signaturesMissing: SignatureRole[],
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
    blocks: presentTree(blocks, criteria),
    permissions,
    signatures: header.signOff.signatures.map((sg) => ({
      role: sg.role,
      profile: { id: sg.profile_id, first_name: sg.first_name, last_name: sg.last_name },
      signed_at: sg.signed_at.toISOString(),
      comment: sg.comment,
      version: sg.version,
    })),
    signatures_missing: signaturesMissing,
  };
}
