import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';
const UNIT_ADMIN = 'unit-admin@demo.example.ch';

test('a course manager runs the cohorts of their unit', async ({ page }) => {
  const name = `Volée e2e ${Date.now() % 100000}`;
  await signIn(page, COURSE_MANAGER);
  await page.goto('/cohorts');
  const table = page.getByRole('table', { name: 'Volées' });
  await expect(table.getByRole('cell', { name: /^Volée \d{4}$/ })).toBeVisible();
  // the cohorts of Zürich and Bellinzona never appear
  await expect(page.getByText(/Jahrgang|Classe \d/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nouvelle volée' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Créer la volée' }).click();
  await expect(dialog.getByLabel('Nom')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByRole('button', { name: 'Créer la volée' }).click();
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Renommer ${name}` }).click();
  await dialog.getByLabel('Nom').fill(`${name} bis`);
  await dialog.getByRole('button', { name: 'Renommer' }).click();
  await expect(table.getByRole('cell', { name: `${name} bis`, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Apprenti·e·s de ${name} bis` }).click();
  await dialog.getByLabel('Ajouter un·e apprenti·e').fill('Favre');
  await dialog.getByRole('listbox').getByRole('option', { name: 'Favre Léa' }).click();
  await expect(dialog.getByRole('list').getByText('Favre Léa')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  const row = table.getByRole('row', { name: new RegExp(`${name} bis`) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  // opened again at once, the dialog names the student just added
  await page.getByRole('button', { name: `Apprenti·e·s de ${name} bis` }).click();
  await expect(dialog.getByRole('list').getByText('Favre Léa')).toBeVisible();
  // found again, she is listed but cannot be added twice
  await dialog.getByLabel('Ajouter un·e apprenti·e').fill('Favre');
  await expect(
    dialog.getByRole('listbox').getByRole('option', { name: 'Favre Léa (déjà dans la volée)' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await row.getByRole('button', { name: `Archiver ${name} bis` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archiver' }).click();
  await expect(row.getByRole('cell', { name: 'Archivée' })).toBeVisible();
  await row.getByRole('button', { name: `Désarchiver ${name} bis` }).click();
  await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();

  await row.getByRole('button', { name: `Supprimer ${name} bis` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(table.getByRole('cell', { name: `${name} bis`, exact: true })).toHaveCount(0);
});

test('an instructor reads the cohorts and their students, changes nothing', async ({ page }) => {
  await signIn(page, DEMO.instructor);
  await page.goto('/cohorts');
  const cohorts = page.getByRole('table', { name: 'Volées' });
  await expect(cohorts.getByRole('cell', { name: /^Volée \d{4}$/ })).toBeVisible();
  await expect(page.getByText(/Jahrgang|Classe \d/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nouvelle volée' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Renommer|^Supprimer/ })).toHaveCount(0);

  await page.goto('/students');
  const students = page.getByRole('table', { name: 'Apprenti·e·s' });
  await expect(students.getByText('Morel Julien')).toBeVisible();
  for (const other of ['Rossi', 'Müller', 'Keller'])
    await expect(page.getByText(other)).toHaveCount(0);
  await expect(
    students.getByRole('link', { name: 'Relevé de notes de Julien Morel' }),
  ).toHaveAttribute('href', /\/profiles\/\d+\/grade-summary$/);
  await expectAccessible(page);
});

test('a course manager filters the students by cohort and module', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  await page.goto('/students');
  const students = page.getByRole('table', { name: 'Apprenti·e·s' });
  await expect(students.getByText('Favre Léa')).toBeVisible();
  await page.getByLabel('Rechercher un·e apprenti·e').fill('lea');
  await expect(students.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Rechercher un·e apprenti·e').fill('');
  await expect(page).not.toHaveURL(/search=/);
  // a cohort's students
  await page.getByRole('combobox', { name: 'Volée' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/cohort=\d+/);
  const cohort = new URL(page.url()).searchParams.get('cohort');
  const enrolled = await page.request.get(`/api/cohorts/${cohort}/`).then((r) => r.json());
  const rows = students.getByRole('row').filter({ has: page.getByRole('cell') });
  // a page of them: another test's cohort of the unit holds 1,010
  await expect(rows).toHaveCount(Math.min(enrolled.students.length, 25));
  await page.getByRole('combobox', { name: 'Volée' }).selectOption({ index: 0 });
  // a module's students are those it assesses
  await page.getByRole('combobox', { name: 'Module' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/module=\d+/);
  const module = new URL(page.url()).searchParams.get('module');
  const assessed = await page.request
    .get(`/api/assessments/?module=${module}&limit=100`)
    .then((r) => r.json());
  const assessedIds = new Set(
    assessed.results.map((a: { student: { id: number } }) => a.student.id),
  );
  await expect(rows).toHaveCount(Math.min(assessedIds.size, 25));
  await expectAccessible(page);
});

test('units: admins create and rename, unit admins see their own, others none', async ({
  page,
}) => {
  const unit = `Centre e2e ${Date.now() % 100000}`;
  await signIn(page, UNIT_ADMIN);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Unités' })
    .click();
  const table = page.getByRole('table', { name: 'Unités' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Centro professionale Bellinzona')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nouvelle unité' })).toHaveCount(0);

  await signIn(page, COURSE_MANAGER);
  await page.goto('/units');
  await expect(page.getByTestId('error-status')).toHaveText('403');

  await signIn(page, DEMO.admin);
  await page.goto('/units');
  await page.getByRole('button', { name: 'Nouvelle unité' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom').fill(unit);
  await dialog.getByLabel('Code').fill('CIE-LAU');
  await dialog.getByRole('button', { name: "Créer l'unité" }).click();
  await expect(dialog.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Code').fill(`E2E-${Date.now() % 100000}`);
  await dialog.getByRole('button', { name: "Créer l'unité" }).click();
  await expect(table.getByRole('cell', { name: unit, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Renommer ${unit}` }).click();
  await dialog.getByLabel('Nom').fill(`${unit} renommé`);
  await dialog.getByRole('button', { name: 'Renommer' }).click();
  await expect(table.getByRole('cell', { name: `${unit} renommé`, exact: true })).toBeVisible();
  await expectAccessible(page);
});
