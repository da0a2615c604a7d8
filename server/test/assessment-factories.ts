import { sql } from 'drizzle-orm';
import type { AssessmentStatus, Role } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import {
  assessmentGroups,
  assessments,
  cohorts,
  cohortStudents,
  groupInstructors,
  legalRepresentatives,
  moduleBlocks,
  moduleCriteria,
  modules,
} from '../db/schema/index.ts';
import type { TestApp } from './app.ts';
import { createPerson, createUnit } from './factories.ts';
import { signedInClient } from './people-helpers.ts';

/** Rows inserted directly, so assessment tests do not depend on the template and module routes. */

export type CriterionSpec = Partial<typeof moduleCriteria.$inferInsert>;
export interface BlockSpec extends Partial<typeof moduleBlocks.$inferInsert> {
  criteria?: CriterionSpec[];
  blocks?: BlockSpec[];
}
export interface ModuleSpec extends Partial<typeof modules.$inferInsert> {
  unitId: number;
  blocks?: BlockSpec[];
}

export const gradeCriterion = (overrides: CriterionSpec = {}): CriterionSpec => ({
  name: 'Grade',
  grade: { min: '1', max: '6', step: '0.5', weight: '1' },
  ...overrides,
});
export const evaluationCriterion = (overrides: CriterionSpec = {}): CriterionSpec => ({
  name: 'Evaluation',
  hasEvaluation: true,
  ...overrides,
});

/** A template-free module with its frozen blocks (nested) and criteria, in the given order. */
export async function createModule(db: Queryable, spec: ModuleSpec) {
  const { blocks = [], ...fields } = spec;
  const [module] = await db
    .insert(modules)
    .values({ name: 'Module', moduleType: 'INTERCOMPANY_COURSE', ...fields })
    .returning();
  const createdBlocks: (typeof moduleBlocks.$inferSelect)[] = [];
  const createdCriteria: (typeof moduleCriteria.$inferSelect)[] = [];
  const insertBlocks = async (list: BlockSpec[], parentId: number | null) => {
    for (const [index, { criteria = [], blocks: children = [], ...block }] of list.entries()) {
      const [row] = await db
        .insert(moduleBlocks)
        .values({
          name: `Block ${index + 1}`,
          order: index,
          ...block,
          moduleId: module!.id,
          parentId,
        })
        .returning();
      createdBlocks.push(row!);
      if (criteria.length > 0) {
        const rows = await db
          .insert(moduleCriteria)
          .values(
            criteria.map((c, order) => ({
              name: `Criterion ${order + 1}`,
              order,
              ...c,
              moduleId: module!.id,
              blockId: row!.id,
            })),
          )
          .returning();
        createdCriteria.push(...rows);
      }
      await insertBlocks(children, row!.id);
    }
  };
  await insertBlocks(blocks, null);
  return { module: module!, blocks: createdBlocks, criteria: createdCriteria };
}

export async function createGroup(
  db: Queryable,
  moduleId: number,
  instructorIds: number[] = [],
  name = 'Group',
) {
  const [group] = await db.insert(assessmentGroups).values({ moduleId, name }).returning();
  if (instructorIds.length > 0)
    await db
      .insert(groupInstructors)
      .values(instructorIds.map((instructorId) => ({ groupId: group!.id, instructorId })));
  return group!;
}

export async function createCohort(db: Queryable, unitId: number, studentIds: number[] = []) {
  const [cohort] = await db.insert(cohorts).values({ name: 'Cohort', unitId }).returning();
  if (studentIds.length > 0)
    await db
      .insert(cohortStudents)
      .values(studentIds.map((studentId) => ({ cohortId: cohort!.id, studentId })));
  return cohort!;
}

/** An assessment with one evaluation row per block and criterion of its module. */
export async function createAssessment(
  db: Queryable,
  values: {
    moduleId: number;
    groupId: number | null;
    studentId: number;
    status?: AssessmentStatus;
  } & Partial<typeof assessments.$inferInsert>,
) {
  const [assessment] = await db.insert(assessments).values(values).returning();
  await db.execute(sql`insert into block_evaluations (assessment_id, block_id)
    select ${assessment!.id}, id from module_blocks where module_id = ${values.moduleId}`);
  await db.execute(sql`insert into criterion_evaluations (assessment_id, criterion_id)
    select ${assessment!.id}, id from module_criteria where module_id = ${values.moduleId}`);
  return assessment!;
}

export async function addLegalRepresentative(
  db: Queryable,
  studentId: number,
  representativeId: number,
) {
  await db.insert(legalRepresentatives).values({ studentId, representativeId });
}

/** A person with roles and a signed-in client (a session row, no password hashing). */
export async function signIn(t: TestApp, roles: { role: Role; unitId: number | null }[]) {
  const person = await createPerson(t.database.db, { roles });
  const client = await signedInClient(t, person.user!.id);
  return { client, profileId: person.profile.id, userId: person.user!.id };
}

/**
 * Two units; in unit A a module with two groups (group 1: instructor and enterprise instructor,
 * group 2: another instructor), a student with a legal representative, and one person of every
 * role. Unit B has its own managers.
 */
export async function assessmentWorld(
  t: TestApp,
  blocks: BlockSpec[] = [{ criteria: [gradeCriterion()] }],
) {
  const db = t.database.db;
  const unitA = await createUnit(db);
  const unitB = await createUnit(db);
  const people = {
    admin: await signIn(t, [{ role: 'ADMIN', unitId: null }]),
    unitAdmin: await signIn(t, [{ role: 'UNIT_ADMIN', unitId: unitA.id }]),
    courseManager: await signIn(t, [{ role: 'COURSE_MANAGER', unitId: unitA.id }]),
    otherUnitAdmin: await signIn(t, [{ role: 'UNIT_ADMIN', unitId: unitB.id }]),
    otherCourseManager: await signIn(t, [{ role: 'COURSE_MANAGER', unitId: unitB.id }]),
    instructor: await signIn(t, [{ role: 'INSTRUCTOR', unitId: unitA.id }]),
    enterpriseInstructor: await signIn(t, [{ role: 'ENTERPRISE_INSTRUCTOR', unitId: unitA.id }]),
    otherInstructor: await signIn(t, [{ role: 'INSTRUCTOR', unitId: unitA.id }]),
    student: await signIn(t, [{ role: 'STUDENT', unitId: unitA.id }]),
    otherStudent: await signIn(t, [{ role: 'STUDENT', unitId: unitA.id }]),
    representative: await signIn(t, [{ role: 'LEGAL_REPRESENTATIVE', unitId: unitA.id }]),
    otherRepresentative: await signIn(t, [{ role: 'LEGAL_REPRESENTATIVE', unitId: unitA.id }]),
  };
  await addLegalRepresentative(db, people.student.profileId, people.representative.profileId);
  await addLegalRepresentative(
    db,
    people.otherStudent.profileId,
    people.otherRepresentative.profileId,
  );
  const built = await createModule(db, { unitId: unitA.id, blocks });
  const group = await createGroup(db, built.module.id, [
    people.instructor.profileId,
    people.enterpriseInstructor.profileId,
  ]);
  const otherGroup = await createGroup(
    db,
    built.module.id,
    [people.otherInstructor.profileId],
    'Group 2',
  );
  return { db, unitA, unitB, people, ...built, group, otherGroup };
}
export type AssessmentWorld = Awaited<ReturnType<typeof assessmentWorld>>;
