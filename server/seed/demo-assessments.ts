import { eq, inArray } from 'drizzle-orm';
import type { AssessmentStatus, Locale, ModuleType } from '../../domain/constants.ts';
import { presetFields } from '../../domain/criterion-presets.ts';
import { instanciateTemplate } from '../commands/instanciate-template.ts';
import { insertAssessments } from '../commands/instanciate-assessment.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  assessmentGroups,
  assessments,
  assessmentTransitions,
  cohorts,
  cohortStudents,
  criterionBlockTemplates,
  criterionTemplates,
  groupInstructors,
  moduleTemplates,
  users,
} from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { demoLogin } from './demo-logins.ts';
import { evaluationsOfModule, fillCriterion, storeEvaluations } from './demo-evaluations.ts';
import { gradeAssessments } from './demo-grading.ts';
import { DEMO_TEMPLATES, inLanguage, type DemoBlock, type DemoTemplate } from './demo-templates.ts';
import type { DemoWorld, SeedContext, SeedStep } from './steps.ts';

/**
 * After the people: in each unit, one template of each module type in the unit's language, a
 * module of each with two groups (the demo instructor and enterprise instructor lead group A in
 * Lausanne), a cohort of the unit's students, and assessments in every state, filled in and
 * graded by the domain grading engine. The demo student has validated grades, one insufficient.
 */

type Unit = DemoWorld['units'][number];

/** The state of the n-th student's assessment, by module type (cycling through the list). */
const STATUS_PLAN: Record<ModuleType, AssessmentStatus[]> = {
  INTERCOMPANY_COURSE: ['VALIDATED', 'CLOSED', 'CLOSED', 'VALIDATED', 'IN_PROGRESS'],
  TRAINING_REPORT: ['IN_PROGRESS', 'IN_PROGRESS', 'CLOSED'],
  TRAINING_PLAN: ['IN_PROGRESS', 'VALIDATED', 'IN_PROGRESS', 'IN_PROGRESS'],
  IPRE_SHEET: ['IN_PROGRESS', 'VALIDATED', 'CLOSED', 'IN_PROGRESS'],
};

/** Module dates in days from today: the course is over, the plan runs through the apprenticeship. */
const SCHEDULE: Record<ModuleType, [start: number, end: number]> = {
  INTERCOMPANY_COURSE: [-75, -71],
  TRAINING_REPORT: [-180, -10],
  TRAINING_PLAN: [-365, 730],
  IPRE_SHEET: [-40, 20],
};

const GROUP_NAMES: Record<Locale, [string, string]> = {
  fr: ['Groupe A', 'Groupe B'],
  de: ['Gruppe A', 'Gruppe B'],
  it: ['Gruppo A', 'Gruppo B'],
};

const COHORT_NAME: Record<Locale, string> = { fr: 'Volée', de: 'Jahrgang', it: 'Classe' };

export const demoAssessments: SeedStep = {
  name: 'assessments',
  async run(context) {
    const admin = await seedActor(context.tx);
    for (const [unitIndex, unit] of context.world.units.entries()) {
      const students = context.world.students.filter((s) => s.unitId === unit.id);
      const cohortId = await addCohort(
        context,
        unit,
        students.map((s) => s.profileId),
      );
      for (const spec of DEMO_TEMPLATES) {
        const template = await addTemplate(context.tx, spec, unit);
        await addModule(context, { admin, unit, unitIndex, cohortId, template, students });
      }
    }
  },
};

/** The demo ADMIN acts for the seed (audit trail, validations without another login). */
export async function seedActor(tx: Tx): Promise<Actor> {
  const { email } = demoLogin('ADMIN');
  const [user] = await tx.select().from(users).where(eq(users.email, email));
  return {
    userId: user!.id,
    email,
    profileId: null,
    language: 'fr',
    isDataProcessingAccepted: true,
    assignments: [{ role: 'ADMIN', unitId: null }],
    sessionIdHash: '',
    secondFactor: 'VERIFIED',
  };
}

async function addCohort(context: SeedContext, unit: Unit, studentIds: number[]) {
  const now = context.now;
  // a school year starts in August
  const year = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const [cohort] = await context.tx
    .insert(cohorts)
    .values({ name: `${COHORT_NAME[unit.language]} ${year}`, unitId: unit.id })
    .returning({ id: cohorts.id });
  await context.tx
    .insert(cohortStudents)
    .values(studentIds.map((studentId) => ({ cohortId: cohort!.id, studentId })));
  return cohort!.id;
}

async function addTemplate(tx: Tx, spec: DemoTemplate, unit: Unit) {
  const [template] = await tx
    .insert(moduleTemplates)
    .values({
      templateName: inLanguage(spec.name, unit.language),
      moduleType: spec.moduleType,
      description: inLanguage(spec.description, unit.language),
      language: unit.language,
      roundingFormula: spec.rounding,
      graded: spec.graded,
      unitId: unit.id,
    })
    .returning();
  for (const [order, block] of spec.blocks.entries()) {
    await addBlock(tx, block, {
      templateId: template!.id,
      parentId: null,
      order,
      language: unit.language,
    });
  }
  return template!;
}

async function addBlock(
  tx: Tx,
  block: DemoBlock,
  at: { templateId: number; parentId: number | null; order: number; language: Locale },
) {
  const inExport = block.inExport ?? true;
  const [row] = await tx
    .insert(criterionBlockTemplates)
    .values({
      templateId: at.templateId,
      parentId: at.parentId,
      order: at.order,
      name: inLanguage(block.name, at.language),
      reference: block.reference,
      referenceColor: block.color ?? null,
      shouldIncludeInExport: inExport,
      isOneLine: block.oneLine ?? false,
      gradingFormula: block.formula ?? 'OVER_FIVE_PLUS_ONE_ROUND',
      coefficient: inExport ? (block.coefficient ?? '1') : '0',
    })
    .returning({ id: criterionBlockTemplates.id });
  if (block.criteria?.length) {
    await tx.insert(criterionTemplates).values(
      block.criteria.map((criterion, order) => {
        const preset = presetFields(criterion.preset);
        return {
          blockId: row!.id,
          order,
          name: inLanguage(criterion.name, at.language),
          hasEvaluation: preset.has_evaluation,
          hasTextInput: preset.has_text_input,
          hasProgression: preset.has_progression,
          flags: preset.flags,
          grade: preset.grade && {
            ...preset.grade,
            weight: criterion.weight ?? preset.grade.weight,
          },
          letterEvaluation: preset.letter_evaluation,
        };
      }),
    );
  }
  for (const [order, child] of (block.blocks ?? []).entries()) {
    await addBlock(tx, child, { ...at, parentId: row!.id, order });
  }
}

const isoDate = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface ModulePlan {
  admin: Actor;
  unit: Unit;
  unitIndex: number;
  cohortId: number;
  template: typeof moduleTemplates.$inferSelect;
  students: DemoWorld['students'];
  /** days from today; the module type's schedule when absent */
  days?: [start: number, end: number];
  /** the students' levels and states; the module type's plan when absent */
  plan?: StudentPlan;
}

export async function addModule(context: SeedContext, plan: ModulePlan) {
  const { tx, now } = context;
  const { unit, template, admin } = plan;
  const [start, end] = plan.days ?? SCHEDULE[template.moduleType];
  const students: StudentPlan = plan.plan ?? {
    level: (n) => levelOf(plan.unitIndex, n, template.moduleType),
    status: (n) => statusOf(template.moduleType, n),
  };
  // the template command runs its own (nested) transaction: a savepoint inside the seed's
  const module = await instanciateTemplate(tx as unknown as Db, admin, template, {
    unitId: unit.id,
    cohortId: plan.cohortId,
    startDate: isoDate(now, start),
    endDate: isoDate(now, end),
  });
  const staff = context.world.staff.filter((s) => s.unitId === unit.id);
  const instructors = staff.filter((s) => s.role === 'INSTRUCTOR');
  const enterprise = staff.filter((s) => s.role === 'ENTERPRISE_INSTRUCTOR');
  const leads = [[instructors[0], enterprise[0]], [instructors[1] ?? instructors[0]]];
  const half = Math.ceil(plan.students.length / 2);
  const manager = staff.find((s) => s.role === 'COURSE_MANAGER' && s.userId !== null);
  const members = [plan.students.slice(0, half), plan.students.slice(half)];
  const created: { id: number; studentIndex: number }[] = [];
  const settles: Parameters<typeof settleStatuses>[1][] = [];
  for (const [g, name] of GROUP_NAMES[unit.language].entries()) {
    const [group] = await tx
      .insert(assessmentGroups)
      .values({ moduleId: module.id, name })
      .returning({ id: assessmentGroups.id });
    const lead = leads[g]!.filter((p) => p !== undefined);
    await tx
      .insert(groupInstructors)
      .values(lead.map((p) => ({ groupId: group!.id, instructorId: p.profileId })));
    const offset = g === 0 ? 0 : half;
    const inGroup = (
      await insertAssessments(tx, admin, {
        moduleId: module.id,
        groupId: group!.id,
        status: 'IN_PROGRESS',
        studentIds: members[g]!.map((s) => s.profileId),
      })
    ).map((a, n) => ({ id: a.id, studentIndex: offset + n }));
    created.push(...inGroup);
    settles.push({
      moduleType: module.moduleType,
      created: inGroup,
      status: students.status,
      validator: lead.find((p) => p.userId !== null)?.userId ?? manager?.userId ?? admin.userId,
      closer: manager?.userId ?? admin.userId,
    });
  }
  await fillAndGrade(context, { module, unit, created, plan: students });
  for (const settle of settles) await settleStatuses(context, settle);
  return module;
}

/** How well the n-th student of a unit does in a module type (0 weak … 1 strong). */
function levelOf(unitIndex: number, studentIndex: number, moduleType: ModuleType): number {
  // the demo student failed the intercompany course: an insufficient grade to show
  if (unitIndex === 0 && studentIndex === 0 && moduleType === 'INTERCOMPANY_COURSE') return 0.4;
  const typeIndex = Object.keys(STATUS_PLAN).indexOf(moduleType);
  return 0.3 + 0.65 * (((studentIndex * 37 + typeIndex * 11 + unitIndex * 5) % 20) / 19);
}

/** How the n-th student of a module does and where their assessment ends up. */
interface StudentPlan {
  level: (studentIndex: number) => number;
  status: (studentIndex: number) => AssessmentStatus;
}

async function fillAndGrade(
  context: SeedContext,
  input: {
    module: Awaited<ReturnType<typeof instanciateTemplate>>;
    unit: Unit;
    created: { id: number; studentIndex: number }[];
    plan: StudentPlan;
  },
) {
  const { tx } = context;
  const { module, created } = input;
  const rows = (await evaluationsOfModule(tx, module.id)).filter((r) =>
    created.some((a) => a.id === r.assessmentId),
  );
  const filled = created.flatMap(({ id, studentIndex }) => {
    const status = input.plan.status(studentIndex);
    const own = rows.filter((r) => r.assessmentId === id);
    // an assessment in progress is filled in up to about two thirds
    const upTo = status === 'IN_PROGRESS' ? Math.ceil(own.length * 0.6) : own.length;
    return own.slice(0, upTo).map((row, criterionIndex) =>
      fillCriterion(row.criterion, row.id, {
        level: input.plan.level(studentIndex),
        criterionIndex,
        studentIndex,
        language: input.unit.language,
        moduleType: module.moduleType,
      }),
    );
  });
  await storeEvaluations(tx, filled);
  await gradeAssessments(
    tx,
    module,
    created.map((a) => a.id),
  );
}

const statusOf = (moduleType: ModuleType, studentIndex: number) => {
  const plan = STATUS_PLAN[moduleType];
  return plan[studentIndex % plan.length]!;
};

/** Validates and closes as the plan says, with the stamps and transitions a user would leave. */
async function settleStatuses(
  context: SeedContext,
  input: {
    moduleType: ModuleType;
    created: { id: number; studentIndex: number }[];
    status: StudentPlan['status'];
    validator: number;
    closer: number;
  },
) {
  const { tx, now } = context;
  const validatedAt = new Date(now.getTime() - 7 * 86_400_000);
  const closedAt = new Date(now.getTime() - 2 * 86_400_000);
  const byStatus = (status: AssessmentStatus) =>
    input.created.filter((a) => input.status(a.studentIndex) === status).map((a) => a.id);
  const validated = byStatus('VALIDATED');
  const closed = byStatus('CLOSED');
  const done = [...validated, ...closed];
  if (done.length > 0) {
    await tx
      .update(assessments)
      .set({ status: 'VALIDATED', validatedAt, validatedBy: input.validator })
      .where(inArray(assessments.id, done));
    await tx.insert(assessmentTransitions).values(
      done.map((assessmentId) => ({
        assessmentId,
        action: 'validate',
        fromStatus: 'IN_PROGRESS' as const,
        toStatus: 'VALIDATED' as const,
        actorUserId: input.validator,
        at: validatedAt,
      })),
    );
  }
  if (closed.length > 0) {
    await tx
      .update(assessments)
      .set({ status: 'CLOSED', closedAt, closedBy: input.closer })
      .where(inArray(assessments.id, closed));
    await tx.insert(assessmentTransitions).values(
      closed.map((assessmentId) => ({
        assessmentId,
        action: 'close',
        fromStatus: 'VALIDATED' as const,
        toStatus: 'CLOSED' as const,
        actorUserId: input.closer,
        at: closedAt,
      })),
    );
  }
  // a training plan follows progression, it has no grade: kept out of the grade summary
  if (input.moduleType === 'TRAINING_PLAN') {
    await tx
      .update(assessments)
      .set({ isIncludedInGradeSummary: false })
      .where(
        inArray(
          assessments.id,
          input.created.map((a) => a.id),
        ),
      );
  }
}
