import { PROGRESSION_COLOURS } from '../../domain/progression-colours.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import { fullName, type ExportLocale } from './format.ts';
import { HEADER_ROW, titledSheet } from './xlsx-sheet.ts';

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
  const title = t('exportProgressionTitle');
  const { workbook, sheet } = titledSheet(l, {
    title,
    heading: `${title} – ${map.module.name}`,
    now,
    orientation: 'landscape',
    frozenColumns: 1,
  });
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
