import ExcelJS from 'exceljs';
import { PROGRESSION_COLOURS } from '../../domain/progression-colours.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import { fullName, PRODUCT_NAME, type ExportLocale } from './format.ts';

/** The row of the criteria: the module and the date are above it. */
const HEADER_ROW = 4;
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/**
 * The progression map as one sheet: a row per student, a column per criterion (its block's
 * reference before its name), each cell the furthest stage reached as its word on the map's
 * colour; names and header frozen.
 */
export async function progressionXlsx(
  l: ExportLocale,
  map: ProgressionMap,
  now: Date,
): Promise<Buffer> {
  const { t } = l;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = PRODUCT_NAME;
  workbook.created = now;
  const title = t('exportProgressionTitle');
  const sheet = workbook.addWorksheet(title.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToHeight: 0 },
  });
  sheet.getCell('A1').value = `${title} – ${map.module.name}`;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = t('exportDate');
  sheet.getCell('B2').value = l.day(swissDay(now));
  sheet.columns = [{ width: 30 }, ...map.criteria.map(() => ({ width: 18 }))];
  const header = sheet.getRow(HEADER_ROW);
  header.values = [
    t('exportStudent'),
    ...map.criteria.map((c) => (c.reference ? `${c.reference} ${c.name}` : c.name)),
  ];
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  header.border = { bottom: { style: 'thin' } };
  for (const student of map.students) {
    const row = sheet.addRow([
      fullName(student),
      ...student.cells.map((flag) => (flag ? l.labels.progressionFlag[flag] : null)),
    ]);
    student.cells.forEach((flag, index) => {
      if (!flag) return;
      const cell = row.getCell(index + 2);
      const colour = PROGRESSION_COLOURS[flag];
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(colour.fill) } };
      cell.font = { color: { argb: argb(colour.text) } };
      cell.alignment = { wrapText: true };
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
