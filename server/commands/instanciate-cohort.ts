import { and, eq } from 'drizzle-orm';
import type { AssessmentStatus } from '../../domain/constants.ts';
import type { Db } from '../db/client.ts';
import { cohorts, cohortStudents } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { recordAudit } from './audit.ts';
import {
  alreadyAssessed,
  authorizeInstanciate,
  checkGroupOfModule,
  insertAssessments,
  studentsOfUnit,
} from './instanciate-assessment.ts';
import { BULK_ROWS, refreshStatistics } from '../db/statistics.ts';

/**
 * POST /modules/instances/{id}/instanciate_cohort/ {cohort, group, status?}: one assessment per
 * student of the cohort, all in one transaction. Students who already have an assessment in the
 * module, or who are not students of the module's unit, are skipped and counted. They start in
 * progress: a cohort of validated or closed assessments without one evaluation would put empty
 * grades in every student's summary.
 */
export async function instanciateCohort(
  db: Db,
  actor: Actor,
  moduleId: number,
  body: { cohort: number; group: number; status?: AssessmentStatus },
) {
  const module = await authorizeInstanciate(db, actor, moduleId);
  if (body.status !== undefined && body.status !== 'IN_PROGRESS')
    throw badRequest('status', 'cohortStartsInProgress');
  const [cohort] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.id, body.cohort), eq(cohorts.unitId, module.unitId)));
  if (!cohort) throw badRequest('cohort', 'cohortNotInUnit');
  await checkGroupOfModule(db, body.group, moduleId);
  const result = await db.transaction(async (tx) => {
    const members = await tx
      .select({ id: cohortStudents.studentId })
      .from(cohortStudents)
      .where(eq(cohortStudents.cohortId, body.cohort));
    const ids = members.map((m) => m.id);
    const [students, assessed] = await Promise.all([
      studentsOfUnit(tx, module.unitId, ids),
      alreadyAssessed(tx, moduleId, ids),
    ]);
    const toCreate = ids.filter((id) => students.has(id) && !assessed.has(id));
    const created = await insertAssessments(tx, actor, {
      moduleId,
      groupId: body.group,
      status: 'IN_PROGRESS',
      studentIds: toCreate,
    });
    await recordAudit(tx, actor, {
      action: 'instanciate_cohort',
      entity: 'module',
      entityId: moduleId,
      newValue: { cohort: body.cohort, group: body.group, assessments: created.map((a) => a.id) },
    });
    return {
      created: created.length,
      skipped: ids.length - created.length,
      assessments: created.map((a) => a.id),
    };
  });
  if (result.created >= BULK_ROWS)
    await refreshStatistics(db, ['assessments', 'criterion_evaluations', 'block_evaluations']);
  return result;
}
