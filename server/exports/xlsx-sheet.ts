import ExcelJS from 'exceljs';
import { swissDay } from '../../domain/school-calendar.ts';
import { PRODUCT_NAME, type ExportLocale } from './format.ts';

export const DATE_FORMAT = 'dd.mm.yyyy';
/** The row of the column titles: the heading and the date are above it. */
export const HEADER_ROW = 4;

/** A date without time ("2026-08-01") as the spreadsheet's date (midnight UTC, no shift). */
export const dayValue = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

/**
 * A workbook of one sheet named after `title`, printed on A4 fitted to the width: the heading in
 * A1, the export's date (Swiss day) in A2–B2, the rows above HEADER_ROW and `frozenColumns`
 * staying in view.
 */
export function titledSheet(
  l: ExportLocale,
  options: {
    title: string;
    heading: string;
    now: Date;
    orientation: 'portrait' | 'landscape';
    frozenColumns?: number;
  },
) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = PRODUCT_NAME;
  workbook.created = options.now;
  const sheet = workbook.addWorksheet(options.title.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: options.frozenColumns ?? 0, ySplit: HEADER_ROW }],
    pageSetup: {
      paperSize: 9,
      orientation: options.orientation,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    },
  });
  const heading = sheet.getCell('A1');
  heading.value = options.heading;
  heading.font = { bold: true, size: 14 };
  sheet.getCell('A2').value = l.t('exportDate');
  const date = sheet.getCell('B2');
  date.value = dayValue(swissDay(options.now));
  date.numFmt = DATE_FORMAT;
  date.alignment = { horizontal: 'left' };
  return { workbook, sheet };
}
