import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import { fullName, period, type ExportLocale } from './format.ts';
import { gradeSummaryTitle } from './titles.ts';
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

/** The localized title of the file and the document: "Relevé de notes - Zoë Müller". */

/** A grade as printed: one decimal, "*" after an insufficient one (printed in bold); "–" for none. */
const gradeText = (l: ExportLocale, grade: string | null, insufficient: boolean) =>
  grade === null ? '–' : `${l.grade(grade)}${insufficient ? ' *' : ''}`;

interface Column {
  width: number;
  align?: 'left' | 'right';
}

function writeRow(doc: Pdf, columns: Column[], cells: string[], bold: boolean[] = []) {
  const x0 = doc.page.margins.left;
  doc.fontSize(9.5);
  const heights = cells.map((cell, i) =>
    doc
      .font(bold[i] ? FONT.bold : FONT.regular)
      .heightOfString(cell, { width: columns[i]!.width - 8 }),
  );
  const height = Math.max(...heights) + 6;
  keepSpace(doc, height);
  const y = doc.y;
  let x = x0;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc
      .font(bold[i] ? FONT.bold : FONT.regular)
      .fillColor(INK)
      .text(cell, x + 4, y + 3, { width: column.width - 8, align: column.align ?? 'left' });
    x += column.width;
  });
  doc
    .moveTo(x0, y + height)
    .lineTo(x, y + height)
    .lineWidth(0.3)
    .strokeColor('#c8c8c8')
    .stroke();
  doc.x = x0;
  doc.y = y + height;
}

/**
 * The grade summary as a PDF: per module type its assessments (module, period, status, grade)
 * and average, then the overall average; insufficient grades in bold with "*" and a legend.
 */
export function gradeSummaryPdf(l: ExportLocale, summary: GradeSummary, now: Date): Pdf {
  const { t } = l;
  const title = gradeSummaryTitle(l, summary);
  const doc = createPdf(l, title, t('exportGradeSummaryTitle'));
  doc.info.Author = fullName(summary.student);
  writeTitle(doc, t('exportGradeSummaryTitle'), fullName(summary.student));
  writeFields(doc, [
    [t('exportStudent'), fullName(summary.student)],
    [t('exportDate'), l.moment(now)],
  ]);
  const width = contentWidth(doc);
  const columns: Column[] = [
    { width: width - 300 },
    { width: 140 },
    { width: 95 },
    { width: 65, align: 'right' },
  ];
  const header = [t('exportModule'), t('exportPeriod'), t('exportStatus'), t('exportGrade')];
  for (const group of summary.groups) {
    writeBand(doc, l.labels.moduleType[group.module_type], { keepWith: 40 });
    writeRow(doc, columns, header, [true, true, true, true]);
    for (const entry of group.assessments)
      writeRow(
        doc,
        columns,
        [
          entry.module.name,
          period(l, entry.module.start_date, entry.module.end_date) ?? '',
          l.labels.assessmentStatus[entry.status],
          gradeText(l, entry.grade, entry.is_insufficient),
        ],
        [false, false, false, entry.is_insufficient],
      );
    writeRow(
      doc,
      columns,
      [t('exportAverage'), '', '', gradeText(l, group.average, group.is_insufficient)],
      [true, false, false, true],
    );
    doc.moveDown(1);
  }
  if (summary.groups.length === 0) {
    doc.font(FONT.italic).fontSize(10).fillColor(GREY).text(t('exportNoAssessments'));
    doc.moveDown(1);
  } else {
    writeBand(doc, t('exportOverallAverage'), {
      right: gradeText(l, summary.average, summary.is_insufficient),
    });
  }
  const anyInsufficient =
    summary.is_insufficient ||
    summary.groups.some((g) => g.is_insufficient || g.assessments.some((a) => a.is_insufficient));
  if (anyInsufficient)
    doc.font(FONT.regular).fontSize(9).fillColor(GREY).text(t('exportInsufficientLegend'));
  return finishPdf(doc, l, `${title} · ${t('exportGeneratedOn', [l.moment(now)])}`);
}
