import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import { fullName, type ExportLocale } from './format.ts';
import { DATE_FORMAT, dayValue, HEADER_ROW, titledSheet } from './xlsx-sheet.ts';

const GRADE_FORMAT = '0.0';
/** Grades are exact decimals ("4.5"); a spreadsheet cell holds them as numbers. */
const gradeValue = (value: string | null) => (value === null ? null : Number(value));

/**
 * The grade summary as one sheet: the student and the date at the top, a header row, one row per
 * assessment grouped by module type with the group's average after it, then the overall average.
 * Grades are number cells shown with one decimal; an insufficient one is bold and its remark
 * column says so (not only a colour).
 */
export async function gradeSummaryXlsx(
  l: ExportLocale,
  summary: GradeSummary,
  now: Date,
): Promise<Buffer> {
  const { t } = l;
  const title = t('exportGradeSummaryTitle');
  const { workbook, sheet } = titledSheet(l, {
    title,
    heading: `${title} – ${fullName(summary.student)}`,
    now,
    orientation: 'portrait',
  });
  sheet.columns = [
    { width: 30 },
    { width: 38 },
    { width: 13, style: { numFmt: DATE_FORMAT } },
    { width: 13, style: { numFmt: DATE_FORMAT } },
    { width: 16 },
    { width: 9, style: { numFmt: GRADE_FORMAT } },
    { width: 16 },
  ];

  const header = sheet.getRow(HEADER_ROW);
  header.values = [
    t('exportModuleType'),
    t('exportModule'),
    t('exportStart'),
    t('exportEnd'),
    t('exportStatus'),
    t('exportGrade'),
    t('exportRemark'),
  ];
  header.font = { bold: true };
  header.border = { bottom: { style: 'thin' } };

  const insufficient = l.labels.evaluationLevel.INSUFFICIENT;
  const remark = (flag: boolean) => (flag ? insufficient : null);
  for (const group of summary.groups) {
    const type = l.labels.moduleType[group.module_type];
    for (const entry of group.assessments) {
      const row = sheet.addRow([
        type,
        entry.module.name,
        dayValue(entry.module.start_date),
        dayValue(entry.module.end_date),
        l.labels.assessmentStatus[entry.status],
        gradeValue(entry.grade),
        remark(entry.is_insufficient),
      ]);
      if (entry.is_insufficient) row.getCell(6).font = { bold: true };
    }
    const average = sheet.addRow([
      `${t('exportAverage')} – ${type}`,
      null,
      null,
      null,
      null,
      gradeValue(group.average),
      remark(group.is_insufficient),
    ]);
    average.font = { bold: true };
  }
  sheet.addRow([]);
  const overall = sheet.addRow([
    t('exportOverallAverage'),
    null,
    null,
    null,
    null,
    gradeValue(summary.average),
    remark(summary.is_insufficient),
  ]);
  overall.font = { bold: true };
  overall.border = { top: { style: 'thin' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
