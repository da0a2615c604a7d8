import { sql } from 'drizzle-orm';
import { normalizeDecimal } from '../../domain/decimal.ts';
import type { Db } from '../db/client.ts';
import { rowsCompiledByShape } from '../db/rows.ts';
import { criterionEvaluations } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assertAcceptsEvaluationChanges } from '../policies/assessments.ts';
import type { CriterionEvaluationRow } from '../queries/evaluations.ts';
import { bumpVersion } from './assessment-version.ts';
import { recordAudit } from './audit.ts';
import { checkCriterionEvaluation } from './check-criterion-evaluation.ts';
import { recomputeGrades } from './recompute-grades.ts';
import type { EvaluationLevel, Letter, ProgressionFlag, Trend } from '../../domain/constants.ts';

export interface CriterionEvaluationPatch {
  evaluation?: EvaluationLevel | null;
  text?: string | null;
  progression?: ProgressionFlag[];
  grade?: string | null;
  letter?: Letter | null;
  trend?: Trend | null;
}

const FIELDS = ['evaluation', 'text', 'progression', 'grade', 'letter', 'trend'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The evaluation's change, compiled once for each set of changed fields (in FIELDS' order); each
 * value is written as its column writes it (the progression as JSON).
 */
const writeChanges = rowsCompiledByShape<never, Record<string, unknown>, Field[]>((fields) => {
  const set = fields.map((field) => {
    const column = criterionEvaluations[field];
    return sql`${sql.identifier(column.name)} = ${sql.param(sql.placeholder(field), column)}`;
  });
  set.push(sql`updated_at = now()`);
  return sql`update ${criterionEvaluations} set ${sql.join(set, sql`, `)}
    where id = ${sql.placeholder('id')}`;
});

/**
 * PATCH of a criterion evaluation (evaluateAssessment, authorized by the caller): the values are
 * checked against the criterion (400), then in one transaction the version guard (409), the
 * change, the recomputed and stored grades and the audit row.
 */
export async function writeCriterionEvaluation(
  db: Db,
  actor: Actor,
  row: CriterionEvaluationRow,
  body: CriterionEvaluationPatch & { version: number },
) {
  const id = row.evaluation.id;
  assertAcceptsEvaluationChanges(row.target);
  const patch = { ...body, grade: body.grade == null ? body.grade : String(body.grade) };
  checkCriterionEvaluation(row.criterion, patch);
  if (patch.grade != null) patch.grade = normalizeDecimal(patch.grade);
  const fields = FIELDS.filter((f) => patch[f] !== undefined);
  const changes = Object.fromEntries(fields.map((f) => [f, patch[f]]));
  return db.transaction(async (tx) => {
    const { version, status } = await bumpVersion(tx, row.evaluation.assessmentId, body.version);
    assertAcceptsEvaluationChanges({ status, moduleStatus: row.target.moduleStatus });
    await writeChanges(tx, fields, { ...changes, id });
    const grades = await recomputeGrades(tx, row.evaluation.assessmentId, row.module);
    const old = Object.fromEntries(
      Object.keys(changes).map((f) => [f, row.evaluation[f as keyof typeof row.evaluation]]),
    );
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'criterion_evaluation',
      entityId: id,
      oldValue: old,
      newValue: changes,
    });
    return { version, ...grades };
  });
}
