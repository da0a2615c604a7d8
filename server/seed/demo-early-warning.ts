import { and, eq, inArray } from 'drizzle-orm';
import { LOCALE_REGIONS, type ModuleType } from '../../domain/constants.ts';
import { dueReportSemester, swissDay } from '../../domain/school-calendar.ts';
import { assessments, cohorts, modules, moduleTemplates } from '../db/schema/index.ts';
import { noticeValidation } from '../notifications/validation-notices.ts';
import { noticeDueReports } from '../notifications/due-reports.ts';
import type { Db } from '../db/client.ts';
import { addModule, seedActor } from './demo-assessments.ts';
import type { SeedContext, SeedStep } from './steps.ts';

const DAY = 86_400_000;
const daysFrom = (now: Date, day: string) =>
  Math.round((Date.parse(`${day}T12:00:00Z`) - now.getTime()) / DAY);

/**
 * After the assessments, in the first unit (Lausanne): a warning sign of each kind and the
 * notices they gave. The demo student already has an insufficient grade; the third student's
 * grades fall over six intercompany courses (the first five earlier, on the same template); the
 * fourth student's training report of the past semester is not validated, which reminds their
 * group's instructors. Validation notices go to the demo student and the demo legal
 * representative's wards, unread.
 */
export const demoEarlyWarning: SeedStep = {
  name: 'early warning',
  async run(context) {
    const unit = context.world.units[0]!;
    const students = context.world.students.filter((s) => s.unitId === unit.id);
    const admin = await seedActor(context.tx);
    const [cohort] = await context.tx
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(eq(cohorts.unitId, unit.id));
    const base = { admin, unit, unitIndex: 0, cohortId: cohort!.id };
    const templateOf = async (moduleType: ModuleType) =>
      (
        await context.tx
          .select()
          .from(moduleTemplates)
          .where(
            and(eq(moduleTemplates.unitId, unit.id), eq(moduleTemplates.moduleType, moduleType)),
          )
      )[0]!;

    /** A module named after its template and its months, apart from the unit's current ones. */
    const datedModule = async (plan: Parameters<typeof addModule>[1]) => {
      const module = await addModule(context, plan);
      const month = new Intl.DateTimeFormat(LOCALE_REGIONS[unit.language], {
        month: 'long',
        year: 'numeric',
      });
      const [start, end] = [module.startDate!, module.endDate!].map((day) =>
        month.format(new Date(`${day}T12:00:00Z`)),
      );
      const period = start === end ? start : `${start} – ${end}`;
      await context.tx
        .update(modules)
        .set({ name: `${module.name} (${period})` })
        .where(eq(modules.id, module.id));
    };

    // five earlier courses, a year apart to two months before the current one: strong, then weak
    const course = await templateOf('INTERCOMPANY_COURSE');
    for (const [n, level] of [1, 1, 1, 0.45, 0.45].entries())
      await datedModule({
        ...base,
        template: course,
        students: [students[2]!],
        days: [-440 + n * 70, -436 + n * 70],
        plan: { level: () => level, status: () => 'VALIDATED' },
      });

    // the past semester's training reports: all validated but the fourth student's
    const semester = dueReportSemester(swissDay(context.now));
    await datedModule({
      ...base,
      template: await templateOf('TRAINING_REPORT'),
      students,
      days: [daysFrom(context.now, semester.start) + 7, daysFrom(context.now, semester.end) - 7],
      plan: {
        level: (n) => 0.5 + (n % 5) / 10,
        status: (n) => (n === 3 ? 'IN_PROGRESS' : 'VALIDATED'),
      },
    });

    await noticeValidations(context, [
      students[0]!.profileId,
      ...students.filter((s) => s.minor).map((s) => s.profileId),
    ]);
    // the fourth student's report reminds the instructors of their group (a savepoint inside the seed)
    await noticeDueReports(context.tx as unknown as Db, context.now);
  },
};

/** The notices the students' validated assessments would have given, as the validation does. */
async function noticeValidations(context: SeedContext, studentIds: number[]) {
  const validated = await context.tx
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(inArray(assessments.studentId, studentIds), eq(assessments.status, 'VALIDATED')));
  const today = swissDay(context.now);
  for (const { id } of validated) await noticeValidation(context.tx, id, today);
}
