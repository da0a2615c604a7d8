import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readImportFile } from './import-file.ts';

async function workbookFile(rows: unknown[][], name = 'students.xlsx'): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Apprenti·e·s');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Notes').addRow(['not read']);
  const bytes = await workbook.xlsx.writeBuffer();
  return new File([bytes as ArrayBuffer], name);
}

describe('readImportFile', () => {
  it('reads the first sheet of an Excel workbook as text cells, blank rows skipped', async () => {
    const file = await workbookFile([
      ['Prénom', 'Nom', 'E-mail', 'Type'],
      ['Zoë', 'Dubois-Čapek', 'zoe@example.org', 'CFC en 2 ans'],
      [],
      ['Noah', 'Muster', null, 42],
    ]);
    expect(await readImportFile(file)).toEqual([
      ['Prénom', 'Nom', 'E-mail', 'Type'],
      ['Zoë', 'Dubois-Čapek', 'zoe@example.org', 'CFC en 2 ans'],
      ['Noah', 'Muster', '', '42'],
    ]);
  });

  it('reads a CSV file as before', async () => {
    const file = new File(['Prénom;Nom\nLéa;Favre\n'], 'students.csv', { type: 'text/csv' });
    expect(await readImportFile(file)).toEqual([
      ['Prénom', 'Nom'],
      ['Léa', 'Favre'],
    ]);
  });

  it('refuses a file that only claims to be a workbook', async () => {
    await expect(readImportFile(new File(['not a zip'], 'students.xlsx'))).rejects.toThrow();
  });
});
