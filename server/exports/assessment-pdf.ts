import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import { fullName, period, type ExportLocale } from './format.ts';
import { assessmentTitle } from './titles.ts';
import {
  contentWidth,
  createPdf,
  finishPdf,
  FONT,
  GREY,
  INK,
  keepSpace,
  writeBand,
  writeFields,
  writeTitle,
  type Pdf,
} from './pdf-layout.ts';
import {
  selfAssessmentLine,
  writeGoalsAndView,
  writeSignOff,
  type TrainingReportRecord,
} from './training-report-pdf.ts';

type Block = AssessmentDetail['blocks'][number];
type Criterion = Block['criteria'][number];

const INDENT = 14;
/** Room kept below a block heading: its first criterion's name and values. */
const FIRST_LINES = 42;

/** The localized title of the file and the document: "Évaluation - Zoë Müller - CIE 1". */

/** What was evaluated of a criterion, as "label: value" parts; empty when nothing was. */
function evaluationParts(l: ExportLocale, criterion: Criterion): string[] {
  const e = criterion.evaluation;
  const { labels } = l;
  const field = (key: string, value: string) => l.t('exportField', [l.t(key), value]);
  return [
    e.evaluation && field('exportLevel', labels.evaluationLevel[e.evaluation]),
    e.grade !== null && field('exportGrade', l.grade(e.grade)),
    e.letter && field('exportLetter', e.letter),
    e.points !== null &&
      field('exportPoints', `${l.decimal(e.points)} / ${l.decimal(criterion.points)}`),
    e.trend && field('exportTrend', labels.trend[e.trend]),
    e.progression.length > 0 &&
      field('exportProgression', e.progression.map((f) => labels.progressionFlag[f]).join(', ')),
  ].filter((part): part is string => Boolean(part));
}

/** The height a criterion takes, name to rule, as writeCriterion writes it. */
function criterionHeight(
  doc: Pdf,
  l: ExportLocale,
  criterion: Criterion,
  width: number,
  own: string | null,
): number {
  const parts = evaluationParts(l, criterion);
  const text = criterion.evaluation.text?.trim();
  let height = doc.font(FONT.bold).fontSize(10).heightOfString(criterion.name, { width });
  if (criterion.description)
    height += doc.font(FONT.regular).fontSize(8.5).heightOfString(criterion.description, { width });
  doc.font(FONT.regular).fontSize(9.5);
  height += doc.heightOfString(parts.join('   ·   ') || l.t('exportNotEvaluated'), { width });
  if (text) height += doc.font(FONT.italic).heightOfString(text, { width });
  if (own) height += doc.font(FONT.italic).heightOfString(own, { width });
  return height + 24;
}

/**
 * What the last criterion keeps with it: the module grade, the comment and the signatures, so
 * the signature block never stands alone on a page of its own.
 */
interface KeepWithEnd {
  criterion: Criterion | undefined;
  height: number;
  /** a training report's record: the student's own values go under the trainer's */
  record: TrainingReportRecord | null;
}

function writeCriterion(
  doc: Pdf,
  l: ExportLocale,
  criterion: Criterion,
  indent: number,
  end: KeepWithEnd,
) {
  const x = doc.page.margins.left + indent + 6;
  const width = contentWidth(doc) - indent - 6;
  const parts = evaluationParts(l, criterion);
  const text = criterion.evaluation.text?.trim();
  const own = selfAssessmentLine(l, end.record, criterion.id);
  if (criterion === end.criterion)
    keepSpace(doc, criterionHeight(doc, l, criterion, width, own) + end.height);
  // the name stays with the first line after it (measuring that too would cost a layout)
  doc.font(FONT.bold).fontSize(10);
  keepSpace(doc, doc.heightOfString(criterion.name, { width }) + 16);
  doc.fillColor(INK).text(criterion.name, x, doc.y, { width });
  if (criterion.description)
    doc.font(FONT.regular).fontSize(8.5).fillColor(GREY).text(criterion.description, { width });
  doc.moveDown(0.15);
  doc.font(FONT.regular).fontSize(9.5);
  if (parts.length > 0) doc.fillColor(INK).text(parts.join('   ·   '), { width });
  if (text) doc.font(FONT.italic).fillColor(INK).text(text, { width });
  if (parts.length === 0 && !text) doc.fillColor(GREY).text(l.t('exportNotEvaluated'), { width });
  if (own) doc.font(FONT.italic).fillColor(GREY).text(own, { width });
  doc.moveDown(0.3);
  const y = doc.y;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.3)
    .strokeColor('#c8c8c8')
    .stroke();
  doc.moveDown(0.4);
  doc.x = doc.page.margins.left;
}

function writeBlock(doc: Pdf, l: ExportLocale, block: Block, depth: number, end: KeepWithEnd) {
  const indent = depth * INDENT;
  const heading = [block.reference, block.name].filter(Boolean).join('  ');
  const grade = block.evaluation.grade;
  writeBand(doc, heading, {
    indent,
    color: block.reference_color,
    right:
      grade === null ? undefined : l.t('exportField', [l.t('exportBlockGrade'), l.grade(grade)]),
    // a heading over nested blocks keeps the first nested heading with it too
    keepWith: block.criteria.length > 0 ? FIRST_LINES : FIRST_LINES + 32,
  });
  for (const criterion of block.criteria) writeCriterion(doc, l, criterion, indent, end);
  for (const child of block.blocks.filter((b) => b.should_include_in_export))
    writeBlock(doc, l, child, depth + 1, end);
  const comment = block.evaluation.comment.trim();
  if (comment) {
    const x = doc.page.margins.left + indent + 6;
    const width = contentWidth(doc) - indent - 6;
    const label = l.t('exportField', [l.t('exportComment'), '']);
    doc.font(FONT.regular).fontSize(9.5);
    keepSpace(doc, Math.min(doc.heightOfString(label + comment, { width }), 60));
    doc
      .font(FONT.bold)
      .fillColor(INK)
      .text(label, x, doc.y, { width, continued: true })
      .font(FONT.regular)
      .text(comment);
    doc.x = doc.page.margins.left;
  }
  doc.moveDown(0.8);
}

/** The last criterion written, blocks within blocks, among those the export includes. */
function lastCriterion(blocks: Block[]): Criterion | undefined {
  for (const block of blocks.filter((b) => b.should_include_in_export).reverse()) {
    const found = lastCriterion(block.blocks) ?? block.criteria.at(-1);
    if (found) return found;
  }
  return undefined;
}

const SIGNATURE_ROW = 50;
/** The signature block's height: its heading and three rows. */
const SIGNATURES_HEIGHT = 48 + SIGNATURE_ROW * 3;

/** Three signature boxes (apprentice, instructor, legal representative) with place and date. */
function writeSignatures(doc: Pdf, l: ExportLocale) {
  const roles = [
    l.t('exportSignatureStudent'),
    l.t('exportSignatureInstructor'),
    l.t('exportSignatureRepresentative'),
  ];
  const rowHeight = SIGNATURE_ROW;
  keepSpace(doc, SIGNATURES_HEIGHT);
  doc.moveDown(0.5);
  doc.font(FONT.bold).fontSize(12).fillColor(INK).text(l.t('exportSignatures'));
  doc.moveDown(0.5);
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const lineWidth = (width - 150 - 20) / 2;
  for (const role of roles) {
    const y = doc.y;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(INK)
      .text(role, x, y + 16, { width: 145 });
    for (const [index, caption] of [l.t('exportPlaceDate'), l.t('exportSignature')].entries()) {
      const left = x + 150 + index * (lineWidth + 20);
      doc
        .moveTo(left, y + 28)
        .lineTo(left + lineWidth, y + 28)
        .lineWidth(0.7)
        .strokeColor(INK)
        .stroke();
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(GREY)
        .text(caption, left, y + 31, { width: lineWidth });
    }
    doc.x = x;
    doc.y = y + rowHeight;
  }
}

/**
 * The assessment as a PDF: header, the blocks included in the export with their criteria and
 * evaluations, the module grade, the comment and the signature lines; a training report has its
 * record instead (self-assessment, goals, the apprentice's view, the recorded sign-offs). The
 * document is ended: pipe it or send it as it is.
 */
export function assessmentPdf(
  l: ExportLocale,
  detail: AssessmentDetail,
  instructors: string[],
  now: Date,
  record: TrainingReportRecord | null = null,
): Pdf {
  const title = assessmentTitle(l, detail);
  const doc = createPdf(l, title, l.labels.moduleType[detail.module.module_type]);
  doc.info.Author = fullName(detail.student);
  const m = detail.module;
  const { t } = l;
  const by = (at: string | null, person: AssessmentDetail['validated_by']) =>
    at ? [l.moment(new Date(at)), person && fullName(person)].filter(Boolean).join(', ') : null;
  writeTitle(doc, `${t('exportAssessmentTitle')} – ${m.name}`, l.labels.moduleType[m.module_type]);
  writeFields(doc, [
    [t('exportStudent'), fullName(detail.student)],
    [t('exportModule'), m.name],
    [t('exportModuleType'), l.labels.moduleType[m.module_type]],
    [t('exportGroup'), detail.group?.name ?? null],
    [t('exportInstructors'), instructors.join(', ') || null],
    [t('exportPeriod'), period(l, m.start_date, m.end_date)],
    [t('exportStatus'), l.labels.assessmentStatus[detail.status]],
    [t('exportValidated'), by(detail.validated_at, detail.validated_by)],
    [t('exportClosed'), by(detail.closed_at, detail.closed_by)],
  ]);
  const comment = detail.comment.trim();
  doc.font(FONT.regular).fontSize(10);
  const end: KeepWithEnd = {
    criterion: lastCriterion(detail.blocks),
    record,
    height:
      60 +
      SIGNATURES_HEIGHT +
      (comment ? 40 + doc.heightOfString(comment, { width: contentWidth(doc) }) : 0),
  };
  for (const block of detail.blocks.filter((b) => b.should_include_in_export))
    writeBlock(doc, l, block, 0, end);
  if (m.graded || detail.grade !== null)
    writeBand(doc, t('exportModuleGrade'), {
      right: detail.grade === null ? '–' : l.grade(detail.grade),
    });
  if (comment) {
    doc.font(FONT.bold).fontSize(10.5);
    keepSpace(doc, 40);
    doc.fillColor(INK).text(t('exportAssessmentComment'), doc.page.margins.left, doc.y);
    doc.moveDown(0.2);
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(comment, { width: contentWidth(doc) });
    doc.moveDown(0.6);
  }
  if (record) {
    writeGoalsAndView(doc, l, record);
    writeSignOff(doc, l, detail);
  } else writeSignatures(doc, l);
  return finishPdf(doc, l, `${title} · ${t('exportGeneratedOn', [l.moment(now)])}`);
}
