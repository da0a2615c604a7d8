import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assessmentGroups, assessments } from '../db/schema/index.ts';
import { transition } from '../../domain/assessment-states.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { assertAcceptsEvaluationChanges } from '../policies/assessments.ts';
import type { AssessmentHeader } from '../queries/assessment-detail.ts';
import { bumpVersion } from './assessment-version.ts';
import { recordAudit } from './audit.ts';

/**
 * PATCH /assessments/{id}/ {version, group?, comment?}: moving to another group of the same module
 * (moveAssessment) and the assessment's comment (an evaluation change), under the version guard,
 * in one transaction with its audit row. The route has authorized both.
 */
export async function updateAssessment(
  db: Db,
  actor: Actor,
  header: AssessmentHeader,
  body: { version: number; group?: number; comment?: string },
) {
  const { id } = header.assessment;
  const before = { group: header.group?.id ?? null, comment: header.assessment.comment };
  if (body.group !== undefined) {
    const [group] = await db
      .select({ moduleId: assessmentGroups.moduleId })
      .from(assessmentGroups)
      .where(eq(assessmentGroups.id, body.group));
    if (group?.moduleId !== header.module.id) throw badRequest('group', 'groupNotInModule');
  }
  await db.transaction(async (tx) => {
    const { status } = await bumpVersion(tx, id, body.version);
    if (body.group !== undefined) {
      const move = transition(status, 'move');
      if (!move.ok) throw conflict(move.reason);
    }
    if (body.comment !== undefined)
      assertAcceptsEvaluationChanges({ status, moduleStatus: header.target.moduleStatus });
    const changes = {
      ...(body.group === undefined ? {} : { groupId: body.group }),
      ...(body.comment === undefined ? {} : { comment: body.comment }),
    };
    if (Object.keys(changes).length > 0)
      await tx.update(assessments).set(changes).where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: body.group === undefined ? 'update' : 'move',
      entity: 'assessment',
      entityId: id,
      oldValue: {
        ...(body.group === undefined ? {} : { group: before.group }),
        ...(body.comment === undefined ? {} : { comment: before.comment }),
      },
      newValue: {
        ...(body.group === undefined ? {} : { group: body.group }),
        ...(body.comment === undefined ? {} : { comment: body.comment }),
      },
    });
  });
}

/** DELETE /assessments/{id}/ (deleteAssessment), with its evaluations, recorded in the audit trail. */
export async function deleteAssessment(db: Db, actor: Actor, header: AssessmentHeader) {
  const { assessment } = header;
  const { id } = assessment;
  await db.transaction(async (tx) => {
    await tx.delete(assessments).where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'assessment',
      entityId: id,
      oldValue: {
        module: header.module.id,
        group: header.group?.id ?? null,
        student: header.student!.id,
        status: assessment.status,
        grade: assessment.grade,
      },
    });
  });
}
