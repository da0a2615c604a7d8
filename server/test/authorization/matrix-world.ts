import type { AssessmentStatus, ModuleType, Role } from '../../../domain/constants.ts';
import { ROLES } from '../../../domain/constants.ts';
import { createTestApp, type ApiClient } from '../app.ts';
import {
  addLegalRepresentative,
  createAssessment,
  createGroup,
  createModule,
  gradeCriterion,
  signIn,
  type CriterionSpec,
} from '../assessment-factories.ts';
import { createPerson, createUnit } from '../factories.ts';

/**
 * The columns of the authorization matrices: an assessment in a group the actor instructs (unit
 * A), in another group of unit A, in a group the actor instructs but in unit B (where the actor
 * holds no role), and the actor's own (in a group of unit A the actor does not instruct)
 * (STUDENT: their own; LEGAL_REPRESENTATIVE: their ward's; other roles: an assessment whose
 * student is the actor). Every actor holds its role in unit A.
 */
export type Column = 'ownGroup' | 'otherGroup' | 'otherUnit' | 'own';
export const COLUMNS: Column[] = ['ownGroup', 'otherGroup', 'otherUnit', 'own'];
export type Row = [ownGroup: number, otherGroup: number, otherUnit: number, own: number];

/** What a module of a placement holds, when not one graded criterion of an intercompany course. */
export interface ModuleKind {
  moduleType?: ModuleType;
  criteria?: CriterionSpec[];
}

/** The app, one signed-in actor per role, and `place` to put an assessment in a column. */
export async function matrixWorld() {
  const t = await createTestApp();
  const db = t.database.db;
  const unitA = (await createUnit(db)).id;
  const unitB = (await createUnit(db)).id;
  const otherInstructor = (
    await createPerson(db, { roles: [{ role: 'INSTRUCTOR', unitId: unitA }] })
  ).profile.id;
  const actors = {} as Record<Role, { client: ApiClient; profileId: number }>;
  for (const role of ROLES)
    actors[role] = await signIn(t, [{ role, unitId: role === 'ADMIN' ? null : unitA }]);

  /** A fresh module, groups and assessment placed for `column` relative to the actor. */
  async function place(
    role: Role,
    column: Column,
    status: AssessmentStatus,
    kind: ModuleKind = {},
  ) {
    const actor = actors[role].profileId;
    const unitId = column === 'otherUnit' ? unitB : unitA;
    const { module, criteria } = await createModule(db, {
      unitId,
      ...(kind.moduleType ? { moduleType: kind.moduleType } : {}),
      blocks: [{ criteria: kind.criteria ?? [gradeCriterion()] }],
    });
    const instructs = column === 'ownGroup' || column === 'otherUnit';
    const group = await createGroup(db, module.id, instructs ? [actor] : [otherInstructor]);
    const spare = await createGroup(db, module.id, [otherInstructor], 'Spare');
    let studentId: number;
    if (column === 'own' && role === 'LEGAL_REPRESENTATIVE') {
      studentId = (await createPerson(db, { roles: [{ role: 'STUDENT', unitId }] })).profile.id;
      await addLegalRepresentative(db, studentId, actor);
    } else if (column === 'own') studentId = actor;
    else studentId = (await createPerson(db, { roles: [{ role: 'STUDENT', unitId }] })).profile.id;
    const assessment = await createAssessment(db, {
      moduleId: module.id,
      groupId: group.id,
      studentId,
      status,
      validatedAt: status === 'IN_PROGRESS' ? null : new Date(),
    });
    return { module, criteria, group, spare, studentId, assessment };
  }

  return { t, actors, place };
}
export type MatrixWorld = Awaited<ReturnType<typeof matrixWorld>>;
export type Placed = Awaited<ReturnType<MatrixWorld['place']>>;
