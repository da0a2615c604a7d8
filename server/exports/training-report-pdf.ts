import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import type { Goal, Goals, SelfAssessment } from '../../domain/schemas/training-report.ts';
import { fullName, type ExportLocale } from './format.ts';
import { contentWidth, FONT, GREY, INK, keepSpace, writeBand, type Pdf } from './pdf-layout.ts';

/**
 * What a training report's PDF holds beyond its criteria (training-report.md, "The record"): the
 * student's self-assessment beside the trainer's values, the goals with their review, the
 * apprentice's view and the sign-offs with names and times, so no paper signature is needed.
 */
export interface TrainingReportRecord {
  /** only once submitted */
  selfAssessment: SelfAssessment | null;
  goals: Goals;
}

/** The student's own level and text of a criterion, as one line; null when they gave none. */
export function selfAssessmentLine(
  l: ExportLocale,
  record: TrainingReportRecord | null,
  criterionId: number,
): string | null {
  const own = record?.selfAssessment?.criteria.find((c) => c.criterion === criterionId);
  if (!own || (!own.evaluation && !own.text.trim())) return null;
  const parts = [
    own.evaluation && l.labels.evaluationLevel[own.evaluation],
    own.text.trim() || null,
  ].filter(Boolean);
  return l.t('exportField', [l.t('exportSelfAssessment'), parts.join(' – ')]);
}

function writeParagraph(doc: Pdf, text: string, options: { font?: string; color?: string } = {}) {
  doc
    .font(options.font ?? FONT.regular)
    .fontSize(9.5)
    .fillColor(options.color ?? INK)
    .text(text, doc.page.margins.left + 6, doc.y, { width: contentWidth(doc) - 6 });
}

function writeGoal(doc: Pdf, l: ExportLocale, goal: Goal, reviewed: boolean) {
  const details = [
    goal.measure && l.t('exportField', [l.t('exportGoalMeasure'), goal.measure]),
    l.t('exportField', [l.t('exportGoalResponsible'), l.labels.goalResponsible[goal.responsible]]),
    goal.due_date && l.t('exportField', [l.t('exportGoalDue'), l.day(goal.due_date)]),
  ].filter(Boolean);
  doc.font(FONT.bold).fontSize(10);
  keepSpace(doc, doc.heightOfString(goal.goal, { width: contentWidth(doc) }) + 30);
  writeParagraph(doc, goal.goal, { font: FONT.bold });
  writeParagraph(doc, details.join('   ·   '));
  if (reviewed) {
    const review = goal.review_status
      ? [l.labels.goalReview[goal.review_status], goal.review_comment.trim()].filter(Boolean)
      : [l.t('exportGoalUnreviewed')];
    writeParagraph(doc, l.t('exportField', [l.t('exportGoalReview'), review.join(' – ')]), {
      font: FONT.italic,
    });
  }
  doc.moveDown(0.5);
}

/** The goals reviewed on this report, the goals set for the next period, the apprentice's view. */
export function writeGoalsAndView(doc: Pdf, l: ExportLocale, record: TrainingReportRecord) {
  const { goals, selfAssessment } = record;
  if (goals.previous_report) {
    writeBand(doc, l.t('exportCarriedGoals', [goals.previous_report.module_name]), {
      keepWith: 40,
    });
    if (goals.carried_goals.length === 0)
      writeParagraph(doc, l.t('exportNoGoals'), { color: GREY });
    for (const goal of goals.carried_goals) writeGoal(doc, l, goal, true);
    doc.moveDown(0.5);
  }
  writeBand(doc, l.t('exportNextGoals'), { keepWith: 40 });
  if (goals.goals.length === 0) writeParagraph(doc, l.t('exportNoGoals'), { color: GREY });
  for (const goal of goals.goals) writeGoal(doc, l, goal, false);
  doc.moveDown(0.5);
  writeBand(doc, l.t('exportApprenticeView'), { keepWith: 40 });
  const view = selfAssessment?.view.trim();
  writeParagraph(doc, view || l.t('exportNoView'), view ? {} : { color: GREY });
  doc.moveDown(0.8);
}

/** The sign-offs as recorded (who, as what, when, which version, comment) and who is awaited. */
export function writeSignOff(doc: Pdf, l: ExportLocale, detail: AssessmentDetail) {
  const role = {
    STUDENT: l.t('exportSignatureStudent'),
    INSTRUCTOR: l.t('exportSignatureInstructor'),
    LEGAL_REPRESENTATIVE: l.t('exportSignatureRepresentative'),
  };
  keepSpace(doc, 40 + 28 * (detail.signatures.length + detail.signatures_missing.length));
  doc.moveDown(0.5);
  doc.font(FONT.bold).fontSize(12).fillColor(INK).text(l.t('exportSignatures'));
  doc.moveDown(0.3);
  for (const s of detail.signatures) {
    const line = l.t('exportSignedBy', [
      role[s.role],
      fullName(s.profile),
      l.moment(new Date(s.signed_at)),
      s.version,
    ]);
    writeParagraph(doc, line);
    if (s.comment)
      writeParagraph(doc, l.t('exportField', [l.t('exportComment'), s.comment]), {
        font: FONT.italic,
      });
  }
  for (const missing of detail.signatures_missing)
    writeParagraph(doc, l.t('exportSignatureAwaited', [role[missing]]), { color: GREY });
  if (detail.status === 'IN_PROGRESS')
    writeParagraph(doc, l.t('exportSignAfterValidation'), { color: GREY });
}
