import { and, eq, sql } from 'drizzle-orm';
import type { GoalPatch, NewGoal } from '../../domain/schemas/training-report.ts';
import type { Db } from '../db/client.ts';
import { trainingGoals } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import type { GoalRow } from '../queries/training-report.ts';
import { assertStillInProgress } from './assert-in-progress.ts';
import { recordAudit } from './audit.ts';

/** What the audit trail and the answers keep of a goal (the columns as the API names them). */
const goalValues = (goal: Partial<NewGoal & GoalPatch>) =>
  Object.fromEntries(Object.entries(goal).filter(([key]) => key !== 'version'));

/** POST /assessments/{id}/goals/: a goal set on the report (authorized by the caller). */
export async function addGoal(db: Db, actor: Actor, assessmentId: number, goal: NewGoal) {
  return db.transaction(async (tx) => {
    await assertStillInProgress(tx, assessmentId);
    const [row] = await tx
      .insert(trainingGoals)
      .values({
        assessmentId,
        goal: goal.goal,
        measure: goal.measure,
        dueDate: goal.due_date,
        responsible: goal.responsible,
      })
      .returning({ id: trainingGoals.id });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'training_goal',
      entityId: row!.id,
      newValue: { assessment: assessmentId, ...goalValues(goal) },
    });
    return row!.id;
  });
}

/**
 * PATCH /goals/{id}/: the goal's fields on the report it was set on, its review on the report it
 * is carried to (`reportIds`: those the patch writes on, authorized by the caller, still in
 * progress).
 * Guarded by the goal's version: of two people editing it at once the second gets a 409.
 */
export async function changeGoal(
  db: Db,
  actor: Actor,
  goal: GoalRow,
  reportIds: number[],
  patch: GoalPatch,
) {
  const reviewed = patch.review_status !== undefined || patch.review_comment !== undefined;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(trainingGoals)
      .set({
        goal: patch.goal,
        measure: patch.measure,
        dueDate: patch.due_date,
        responsible: patch.responsible,
        reviewStatus: patch.review_status,
        reviewComment: patch.review_comment,
        ...(reviewed ? { reviewedAt: new Date(), reviewedBy: actor.userId } : {}),
        version: sql`${trainingGoals.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(trainingGoals.id, goal.id), eq(trainingGoals.version, patch.version)))
      .returning({ id: trainingGoals.id });
    if (!row) throw conflict('staleVersion');
    for (const reportId of reportIds) await assertStillInProgress(tx, reportId);
    const changed = goalValues(patch);
    const old = Object.fromEntries(
      Object.keys(changed).map((key) => [key, goal[key as keyof GoalRow]]),
    );
    await recordAudit(tx, actor, {
      action: reviewed ? 'review' : 'update',
      entity: 'training_goal',
      entityId: goal.id,
      oldValue: old,
      newValue: changed,
    });
  });
}

/** DELETE /goals/{id}/, while the report it was set on is in progress. */
export async function deleteGoal(db: Db, actor: Actor, goal: GoalRow) {
  await db.transaction(async (tx) => {
    await assertStillInProgress(tx, goal.assessment_id);
    const [row] = await tx
      .delete(trainingGoals)
      .where(eq(trainingGoals.id, goal.id))
      .returning({ id: trainingGoals.id });
    if (!row) throw conflict('staleVersion');
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'training_goal',
      entityId: goal.id,
      oldValue: { assessment: goal.assessment_id, goal: goal.goal, measure: goal.measure },
    });
  });
}
