import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assessmentGroups, assessments } from '../db/schema/index.ts';
import { transition } from '../../domain/assessment-states.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { assertAcceptsEvaluationChanges, authorizeAssessment } from '../policies/assessments.ts';
import { loadAssessmentHeader } from '../presenters/assessments-detail.ts';
import { auditAssessment, bumpVersion } from './assessment-version.ts';

/**
 * PATCH /assessments/{id}/ {version, group?, comment?}: moving to another group of the same module
 * (moveAssessment) and the assessment's comment (an evaluation change), under the version guard.
 */
export async function updateAssessment(
  db: Db,
  actor: Actor,
  id: number,
  body: { version: number; group?: number; comment?: string },
) {
  const header = await loadAssessmentHeader(db, id);
  authorizeAssessment(actor, 'viewAssessment', header?.target);
  const { assessment } = header!;
  if (body.group !== undefined) authorizeAssessment(actor, 'moveAssessment', header!.target);
  if (body.comment !== undefined) {
    authorizeAssessment(actor, 'evaluateAssessment', header!.target);
    assertAcceptsEvaluationChanges(header!.target);
  }
  if (body.group !== undefined) {
    const [group] = await db
      .select({ moduleId: assessmentGroups.moduleId })
      .from(assessmentGroups)
      .where(eq(assessmentGroups.id, body.group));
    if (group?.moduleId !== assessment.moduleId) throw badRequest('group', 'groupNotInModule');
  }
  await db.transaction(async (tx) => {
    const { status } = await bumpVersion(tx, id, body.version);
    if (body.group !== undefined) {
      const move = transition(status, 'move');
      if (!move.ok) throw conflict(move.reason);
    }
    if (body.comment !== undefined)
      assertAcceptsEvaluationChanges({ status, moduleStatus: header!.target.moduleStatus });
    const changes = {
      ...(body.group === undefined ? {} : { groupId: body.group }),
      ...(body.comment === undefined ? {} : { comment: body.comment }),
    };
    if (Object.keys(changes).length > 0)
      await tx.update(assessments).set(changes).where(eq(assessments.id, id));
    await auditAssessment(tx, actor, {
      action: body.group === undefined ? 'update' : 'move',
      entity: 'assessment',
      entityId: id,
      oldValue: {
        ...(body.group === undefined ? {} : { group: assessment.groupId }),
        ...(body.comment === undefined ? {} : { comment: assessment.comment }),
      },
      newValue: {
        ...(body.group === undefined ? {} : { group: body.group }),
        ...(body.comment === undefined ? {} : { comment: body.comment }),
      },
    });
  });
}

/** DELETE /assessments/{id}/ (deleteAssessment), with its evaluations, recorded in the audit trail. */
export async function deleteAssessment(db: Db, actor: Actor, id: number) {
  const header = await loadAssessmentHeader(db, id);
  authorizeAssessment(actor, 'deleteAssessment', header?.target);
  const { assessment } = header!;
  await db.transaction(async (tx) => {
    await tx.delete(assessments).where(eq(assessments.id, id));
    await auditAssessment(tx, actor, {
      action: 'delete',
      entity: 'assessment',
      entityId: id,
      oldValue: {
        module: assessment.moduleId,
        group: assessment.groupId,
        student: assessment.studentId,
        status: assessment.status,
        grade: assessment.grade,
      },
    });
  });
}
