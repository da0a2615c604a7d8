import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, signIn } from './helpers.ts';

const csv = (lines: string[]) => ({
  name: 'volee.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
});

test('a unit admin imports students: bad rows are marked and nothing is saved until fixed', async ({
  page,
}) => {
  const tag = `imp${Date.now() % 100000}`;
  await signIn(page, 'unit-admin@demo.example.ch');
  await page.goto('/profiles');
  await page.getByRole('link', { name: 'Importer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Importer');
  await page.getByRole('combobox', { name: 'Unité' }).click();
  await page.getByRole('option', { name: 'Centre de cours interentreprises Lausanne' }).click();

  const file = page.locator('input[type="file"]');
  await file.setInputFiles(
    csv([
      'Prénom;Nom;E-mail;Type',
      `Anna;${tag};anna.${tag}@example.ch;AFP`,
      `;${tag};;`,
      `Bruno;${tag};student@demo.example.ch;`,
      `Carla;${tag};pas-une-adresse;`,
    ]),
  );
  await expect(page.getByTestId('import-summary')).toHaveText(
    '3 lignes sur 4 à corriger : rien ne sera enregistré.',
  );
  await expect(page.getByTestId('bad-row')).toHaveCount(3);
  // the address already known is found by the server's check
  await expect(page.getByTestId('bad-row').nth(1)).toContainText(
    'Un profil avec cette adresse e-mail existe déjà',
  );
  await expect(page.getByRole('button', { name: /^Importer 4 profil/ })).toBeDisabled();
  await expectAccessible(page);

  await file.setInputFiles(
    csv([
      'Prénom;Nom;E-mail;Type',
      `Anna;${tag};anna.${tag}@example.ch;AFP`,
      `Bruno;${tag};;CFC en 3 ans`,
    ]),
  );
  await expect(page.getByTestId('import-summary')).toHaveText('2 lignes prêtes à être importées.');
  await page.getByRole('button', { name: 'Importer 2 profils' }).click();
  await expect(page.getByText('2 profils créés.')).toBeVisible();

  await page.goto(`/profiles?search=${tag}`);
  const table = page.getByRole('table', { name: 'Profils' });
  await expect(table.getByRole('link', { name: `${tag} Anna` })).toBeVisible();
  await expect(table.getByRole('link', { name: `${tag} Bruno` })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('the import reads an Excel workbook too, in German, and says when a file cannot be read', async ({
  page,
}) => {
  const tag = `xl${Date.now() % 100000}`;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lernende');
  sheet.addRow(['Vorname', 'Nachname', 'E-Mail', 'Art']);
  sheet.addRow(['Lena', tag, `lena.${tag}@example.ch`, 'EFZ 3 Jahre']);
  sheet.addRow(['Jonas', tag, null, null]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await signIn(page, 'unit-admin@demo.example.ch');
  await page.goto('/de/profiles/import');
  await page.getByRole('combobox', { name: 'Einheit' }).click();
  await page.getByRole('option', { name: 'Centre de cours interentreprises Lausanne' }).click();
  const file = page.locator('input[type="file"]');
  await file.setInputFiles({ name: 'lernende.xlsx', mimeType: 'application/octet-stream', buffer });
  await expect(page.getByTestId('import-summary')).toHaveText('2 Zeilen bereit zum Import.');

  await file.setInputFiles({
    name: 'kaputt.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('no zip'),
  });
  await expect(
    page.getByText('Diese Datei konnte nicht gelesen werden.', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
});
