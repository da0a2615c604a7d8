import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AssessmentStatus } from '../../domain/constants.ts';
import { can } from '../../domain/policy.ts';
import type { Db, Queryable } from '../db/client.ts';
import {
  assessmentGroups,
  assessments,
  assignments,
  groupInstructors,
  modules,
} from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';

/** The module to instanciate in: 404 outside the actor's modules, 403 without instanciateAssessment. */
export async function authorizeInstanciate(q: Queryable, actor: Actor, moduleId: number) {
  const [module] = await q
    .select({
      id: modules.id,
      unitId: modules.unitId,
      instructorProfileIds: sql<number[]>`array(select ${groupInstructors.instructorId}
        from ${groupInstructors} inner join ${assessmentGroups}
        on ${assessmentGroups.id} = ${groupInstructors.groupId}
        where ${assessmentGroups.moduleId} = ${sql.raw('"modules"."id"')})`,
    })
    .from(modules)
    .where(eq(modules.id, moduleId));
  if (!module || !can(actor, 'listModuleInstance', module)) throw notFound();
  if (!can(actor, 'instanciateAssessment', module)) throw forbidden();
  return module;
}

/** 400 unless the group belongs to the module. */
export async function checkGroupOfModule(q: Queryable, groupId: number, moduleId: number) {
  const [group] = await q
    .select({ id: assessmentGroups.id })
    .from(assessmentGroups)
    .where(and(eq(assessmentGroups.id, groupId), eq(assessmentGroups.moduleId, moduleId)));
  if (!group) throw badRequest('group', 'groupNotInModule');
}

/** Of `profileIds`, those holding the STUDENT role in `unitId`. */
export async function studentsOfUnit(q: Queryable, unitId: number, profileIds: number[]) {
  if (profileIds.length === 0) return new Set<number>();
  const rows = await q
    .select({ id: assignments.profileId })
    .from(assignments)
    .where(
      and(
        eq(assignments.unitId, unitId),
        eq(assignments.role, 'STUDENT'),
        inArray(assignments.profileId, profileIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Of `profileIds`, those who already have an assessment in the module. */
export async function alreadyAssessed(q: Queryable, moduleId: number, profileIds: number[]) {
  if (profileIds.length === 0) return new Set<number>();
  const rows = await q
    .select({ id: assessments.studentId })
    .from(assessments)
    .where(and(eq(assessments.moduleId, moduleId), inArray(assessments.studentId, profileIds)));
  return new Set(rows.map((r) => r.id));
}

function stampsOfNewStatus(status: AssessmentStatus, actor: Actor, now: Date) {
  return {
    validatedAt: status === 'IN_PROGRESS' ? null : now,
    validatedBy: status === 'IN_PROGRESS' ? null : actor.userId,
    closedAt: status === 'CLOSED' ? now : null,
    closedBy: status === 'CLOSED' ? actor.userId : null,
  };
}

/**
 * New assessments for `studentIds` in a module and group, each with one block evaluation per
 * frozen block and one criterion evaluation per frozen criterion: three inserts whatever the count.
 */
export async function insertAssessments(
  tx: Queryable,
  actor: Actor,
  input: { moduleId: number; groupId: number; status: AssessmentStatus; studentIds: number[] },
) {
  if (input.studentIds.length === 0) return [];
  const now = new Date();
  const created = await tx
    .insert(assessments)
    .values(
      input.studentIds.map((studentId) => ({
        moduleId: input.moduleId,
        groupId: input.groupId,
        studentId,
        status: input.status,
        ...stampsOfNewStatus(input.status, actor, now),
      })),
    )
    .returning({ id: assessments.id, studentId: assessments.studentId });
  const ids = sql.join(
    created.map((a) => sql`${a.id}::int`),
    sql`, `,
  );
  await tx.execute(sql`insert into block_evaluations (assessment_id, block_id)
    select a.id, b.id from unnest(array[${ids}]) as a(id)
    cross join module_blocks b where b.module_id = ${input.moduleId}`);
  await tx.execute(sql`insert into criterion_evaluations (assessment_id, criterion_id)
    select a.id, c.id from unnest(array[${ids}]) as a(id)
    cross join module_criteria c where c.module_id = ${input.moduleId}`);
  return created;
}

/** POST /modules/instances/{id}/instanciate/: one assessment for one student, in one transaction. */
export async function instanciateAssessment(
  db: Db,
  actor: Actor,
  moduleId: number,
  body: { module: number; group: number; student: number; status?: AssessmentStatus },
) {
  await authorizeInstanciate(db, actor, moduleId);
  if (body.module !== moduleId) throw badRequest('module', 'moduleMismatch');
  const [unit] = await db
    .select({ id: modules.unitId })
    .from(modules)
    .where(eq(modules.id, moduleId));
  await checkGroupOfModule(db, body.group, moduleId);
  if (!(await studentsOfUnit(db, unit!.id, [body.student])).has(body.student))
    throw badRequest('student', 'studentNotInUnit');
  return db.transaction(async (tx) => {
    if ((await alreadyAssessed(tx, moduleId, [body.student])).size > 0)
      throw badRequest('student', 'alreadyAssessedInModule');
    const [created] = await insertAssessments(tx, actor, {
      moduleId,
      groupId: body.group,
      status: body.status ?? 'IN_PROGRESS',
      studentIds: [body.student],
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'assessment',
      entityId: created!.id,
      newValue: {
        module: moduleId,
        group: body.group,
        student: body.student,
        status: body.status ?? 'IN_PROGRESS',
      },
    });
    return created!.id;
  });
}
