import { parseCsv } from './csv.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file types the import accepts, for the file picker. */
export const IMPORT_FILE_TYPES = `.csv,text/csv,text/plain,.xlsx,${XLSX_TYPE}`;

const isWorkbook = (file: File) =>
  file.name.toLowerCase().endsWith('.xlsx') || file.type === XLSX_TYPE;

/** A cell as the import reads it: text, numbers as written, a date as its day, empty as ''. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * The rows of the chosen file as cells of text: a CSV file, or the first sheet of an Excel
 * workbook (.xlsx, read in the browser; its reader loads only when such a file is chosen).
 * Blank rows are skipped in both.
 */
export async function readImportFile(file: File): Promise<string[][]> {
  if (!isWorkbook(file)) return parseCsv(await file.text());
  const { readSheet } = await import('read-excel-file/browser');
  const sheet = await readSheet(file);
  return sheet.map((row) => row.map(cellText)).filter((cells) => cells.some((cell) => cell !== ''));
}
