import { sql } from 'drizzle-orm';
import type { EvaluationLevel, Locale } from '../../domain/constants.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import { rowsOf } from '../db/rows.ts';
import {
  selfAssessmentCriteria,
  selfAssessments,
  signatures,
  trainingGoals,
} from '../db/schema/index.ts';
import { noticeSignaturesAwaited } from '../notifications/validation-notices.ts';
import type { SeedContext, SeedStep } from './steps.ts';

/** Goals and measures a trainer agrees on, by language: [goal, measure]. */
const GOALS: Record<Locale, [string, string][]> = {
  fr: [
    [
      'Planifier sa semaine de travail seul·e',
      'Point de planification chaque lundi avec le formateur',
    ],
    ['Répondre aux clients au téléphone', 'Prendre deux appels par jour, puis en parler ensemble'],
    ['Documenter chaque tâche terminée', 'Fiche de suivi remplie le jour même'],
  ],
  de: [
    ['Die Arbeitswoche selbstständig planen', 'Planungsgespräch jeden Montag mit dem Ausbildner'],
    ['Kundenanrufe entgegennehmen', 'Zwei Anrufe pro Tag, danach gemeinsam besprechen'],
    ['Jede erledigte Aufgabe dokumentieren', 'Arbeitsjournal am selben Tag ausfüllen'],
  ],
  it: [
    ['Pianificare da solo/a la settimana di lavoro', 'Colloquio di pianificazione ogni lunedì'],
    ['Rispondere ai clienti al telefono', 'Due chiamate al giorno, poi discuterne insieme'],
    ['Documentare ogni compito concluso', 'Diario di lavoro compilato il giorno stesso'],
  ],
};

const VIEWS: Record<Locale, string> = {
  fr: 'Les semaines au guichet m’ont beaucoup appris. Il m’a manqué du temps pour les dossiers fournisseurs.',
  de: 'Die Wochen am Schalter haben mir viel gebracht. Für die Lieferantendossiers fehlte mir Zeit.',
  it: 'Le settimane allo sportello mi hanno insegnato molto. Mi è mancato tempo per i dossier dei fornitori.',
};

const OPPOSITE: Record<EvaluationLevel, EvaluationLevel> = {
  GOOD: 'INSUFFICIENT',
  SUFFICIENT: 'GOOD',
  INSUFFICIENT: 'GOOD',
};

const COMMENTS: Record<Locale, string> = {
  fr: 'Discuté ensemble.',
  de: 'Gemeinsam besprochen.',
  it: 'Discusso insieme.',
};

interface Report {
  id: number;
  student_id: number;
  status: string;
  version: number;
  instructor_id: number | null;
  representative_id: number | null;
}

/**
 * After the early warning, in the first unit (Lausanne), the training report cycle carried
 * through: every student's report of the past semester has goals, reviewed on their current
 * report when it is validated. The fifth student (a minor, in the demo instructor's group) has
 * submitted the self-assessment of their report in progress, far from the trainer's, and one
 * carried goal of two is reviewed; the second has a draft; the demo student's is still to
 * write. The past reports are signed by every party but the demo student's, which waits for
 * the demo student and the demo legal representative, and the sixth student's, which waits for
 * the student.
 */
export const demoTrainingReports: SeedStep = {
  name: 'training reports',
  async run(context) {
    const unit = context.world.units[0]!;
    const students = context.world.students.filter((s) => s.unitId === unit.id);
    const reports = await reportsByStudent(context, unit.id);
    const goals = GOALS[unit.language];
    for (const [n, student] of students.entries()) {
      const [past, current] = reports.get(student.profileId) ?? [];
      if (!past || !current) continue;
      const set = [goals[n % goals.length]!, goals[(n + 1) % goals.length]!];
      const reviewed = current.status !== 'IN_PROGRESS' ? 2 : n === 4 ? 1 : 0;
      await context.tx.insert(trainingGoals).values(
        set.map(([goal, measure], g) => ({
          assessmentId: past.id,
          goal,
          measure,
          responsible: g === 0 ? ('STUDENT' as const) : ('INSTRUCTOR' as const),
          dueDate: swissDay(new Date(context.now.getTime() + 60 * 86_400_000)),
          ...(g < reviewed
            ? {
                reviewStatus: g === 0 ? ('ACHIEVED' as const) : ('PARTLY_ACHIEVED' as const),
                reviewedAt: context.now,
              }
            : {}),
        })),
      );
      if (n === 4) await selfAssess(context, current.id, unit.language, context.now);
      if (n === 1) await selfAssess(context, current.id, unit.language, null);
    }
    // last semester's reports are signed, but the demo student's and the sixth student's, which
    // wait for the student (and the demo student's for their mother too)
    for (const [n, student] of students.entries()) {
      const past = reports.get(student.profileId)?.[0];
      if (!past || past.status === 'IN_PROGRESS') continue;
      const parties: Party[] = ['INSTRUCTOR', 'STUDENT', 'LEGAL_REPRESENTATIVE'];
      const signing = n === 0 || n === 5 ? parties.slice(0, 1) : parties;
      await sign(context, past, signing, student.minor, unit.language);
      if (signing.length < parties.length)
        await noticeSignaturesAwaited(context.tx, past.id, swissDay(context.now));
    }
  },
};

type Party = 'INSTRUCTOR' | 'STUDENT' | 'LEGAL_REPRESENTATIVE';

/** The parties' sign-offs of a validated report (a legal representative only for a minor). */
async function sign(
  context: SeedContext,
  report: Report,
  parties: Party[],
  minor: boolean,
  language: Locale,
) {
  const signer: Record<Party, number | null> = {
    INSTRUCTOR: report.instructor_id,
    STUDENT: report.student_id,
    LEGAL_REPRESENTATIVE: minor ? report.representative_id : null,
  };
  const rows = parties.flatMap((role) => {
    const profileId = signer[role];
    if (profileId === null) return [];
    const comment = role === 'STUDENT' ? COMMENTS[language] : '';
    return [
      { assessmentId: report.id, role, profileId, comment, assessmentVersion: report.version },
    ];
  });
  if (rows.length > 0) await context.tx.insert(signatures).values(rows);
}

/** Each student's training reports in the unit, in their order (the past one, the current one). */
async function reportsByStudent(context: SeedContext, unitId: number) {
  const rows = await rowsOf<Report>(
    context.tx,
    sql`select a.id, a.student_id, a.status, a.version,
      (select min(instructor_id) from group_instructors where group_id = a.group_id)
        as instructor_id,
      (select min(representative_id) from legal_representatives where student_id = a.student_id)
        as representative_id
    from assessments a join modules m on m.id = a.module_id
    where m.unit_id = ${unitId} and m.module_type = 'TRAINING_REPORT'
    order by a.student_id, coalesce(m.end_date, m.start_date), a.id`,
  );
  const byStudent = new Map<number, Report[]>();
  for (const row of rows)
    byStudent.set(row.student_id, [...(byStudent.get(row.student_id) ?? []), row]);
  return byStudent;
}

/**
 * The student sees themselves otherwise than their trainer does: the opposite level of each
 * evaluated criterion (two levels apart from a GOOD or an INSUFFICIENT), GOOD elsewhere; a text
 * on the first criterion and their view.
 */
async function selfAssess(
  context: SeedContext,
  assessmentId: number,
  language: Locale,
  submittedAt: Date | null,
) {
  const criteria = await rowsOf<{
    id: number;
    has_evaluation: boolean;
    evaluation: EvaluationLevel | null;
  }>(
    context.tx,
    sql`select c.id, c.has_evaluation, e.evaluation from criterion_evaluations e
      join module_criteria c on c.id = e.criterion_id
    where e.assessment_id = ${assessmentId} and (c.has_evaluation or c.has_text_input)
    order by c."order", c.id`,
  );
  await context.tx
    .insert(selfAssessments)
    .values({ assessmentId, view: VIEWS[language], submittedAt, version: 4 });
  await context.tx.insert(selfAssessmentCriteria).values(
    criteria.map((c, index) => ({
      assessmentId,
      criterionId: c.id,
      evaluation: c.has_evaluation ? OPPOSITE[c.evaluation ?? 'SUFFICIENT'] : null,
      text: index === 0 ? VIEWS[language].split('.')[0]! : '',
    })),
  );
}
