import { expect, test } from '@playwright/test';
import { DEMO, apiPost, expectAccessible, signIn } from './helpers.ts';

const ENTERPRISE_INSTRUCTOR = 'enterprise-instructor@demo.example.ch';

test('what each other role reaches of these pages', async ({ page }) => {
  await signIn(page, DEMO.student);
  for (const path of ['/profiles', '/students', '/cohorts', '/units', '/profiles/import']) {
    await page.goto(path);
    await expect(page.getByTestId('error-status')).toHaveText('403');
  }
  await signIn(page, ENTERPRISE_INSTRUCTOR);
  await page.goto('/cohorts');
  await expect(page.getByTestId('error-status')).toHaveText('403');
  await page.goto('/students');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apprenti·e·s');
  await expect(page.getByText('Rossi')).toHaveCount(0);

  // the admin sees every unit; the unit admin only their two
  await signIn(page, DEMO.admin);
  await page.goto('/profiles?search=rossi');
  await expect(page.getByRole('link', { name: 'Rossi Matteo' })).toBeVisible();
  await signIn(page, 'unit-admin@demo.example.ch');
  await page.goto('/profiles?search=rossi');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.goto('/profiles?search=keller');
  await expect(page.getByRole('link', { name: 'Keller Noah' })).toBeVisible();
});

test('a unit admin archives several profiles at once after confirming', async ({ page }) => {
  const tag = `bulk${Date.now() % 100000}`;
  await signIn(page, 'unit-admin@demo.example.ch');
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  for (const first of ['Ada', 'Ben'])
    await apiPost(page, '/api/profiles/', {
      first_name: first,
      last_name: tag,
      assignments: [{ unit, role: 'STUDENT' }],
    });
  await page.goto(`/profiles?search=${tag}`);
  await page.getByRole('checkbox', { name: 'Sélectionner toute la page' }).check();
  await expect(page.getByText('2 sélectionnés')).toBeVisible();
  await page
    .getByRole('region', { name: 'Actions sur la sélection' })
    .getByRole('button', { name: 'Archiver' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Archiver 2 profils ?' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Archiver' }).click();
  await expect(page.getByText('2 profils archivés.', { exact: true })).toBeVisible();
  await page.goto(`/profiles?search=${tag}&status=ACTIVE`);
  await expect(page.getByTestId('list-empty')).toBeVisible();

  // the edit form of one of them, in German
  await page.goto(`/de/profiles?search=${tag}`);
  await page.getByRole('link', { name: `${tag} Ada` }).click();
  await page.getByRole('link', { name: 'Bearbeiten' }).click();
  await expect(page.getByLabel('Vorname')).toHaveValue('Ada');
  await expectAccessible(page);
});
