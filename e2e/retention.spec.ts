import { expect, test } from '@playwright/test';
import { apiPatch, apiPost, DEMO, expectAccessible, signIn } from './helpers.ts';

test('an admin erases a student whose training ended longer ago than the retention', async ({
  page,
}) => {
  const tag = `Ret${Date.now() % 1_000_000}`;
  await signIn(page, DEMO.admin);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const templates = await page.request
    .get(`/api/modules/templates/?unit=${unit}&status=ACTIVE`)
    .then((r) => r.json());
  const module = await apiPost<{ id: number }>(
    page,
    `/api/modules/templates/${templates.results[0].id}/instanciate/`,
    { name: `Module ${tag}` },
  );
  await apiPatch(page, `/api/modules/instances/${module.id}/`, {
    start_date: '2018-08-20',
    end_date: '2019-06-28',
  });
  const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
    name: `Groupe ${tag}`,
    module: module.id,
  });
  const student = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Ottilie',
    last_name: tag,
    assignments: [{ unit, role: 'STUDENT' }],
  });
  await apiPost(page, `/api/modules/instances/${module.id}/instanciate/`, {
    module: module.id,
    group: group.id,
    student: student.id,
  });

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Effacement', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Effacement après conservation' }),
  ).toBeVisible();
  const item = page.getByTestId('erasable').locator(':scope > li', { hasText: tag });
  await expect(item).toContainText('Dernière formation terminée le 28 juin 2019');
  await expectAccessible(page);
  await item.getByRole('button', { name: `Effacer Ottilie ${tag}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('ne peut pas être annulée');
  await dialog.getByRole('button', { name: 'Effacer' }).click();
  await expect(page.getByText('La personne a été effacée.').first()).toBeVisible();
  await expect(item).toHaveCount(0);
  const profile = await page.request.get(`/api/profiles/${student.id}/`).then((r) => r.json());
  expect(profile).toMatchObject({ first_name: '—', last_name: '—', email: null });
});

test('the retention page is refused to anyone but admins', async ({ page }) => {
  await signIn(page, 'unit-admin@demo.example.ch');
  await page.goto('/retention');
  await expect(page.getByTestId('error-status')).toHaveText('403');
});
