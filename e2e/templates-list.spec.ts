import { expect, test, type Page } from '@playwright/test';
import { apiPost, expectAccessible, signIn, uniqueTag } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';

interface Created {
  id: number;
  template_name: string;
}

/** A template of the course manager's unit with one block of two criteria, made through the API. */
async function createTemplate(page: Page, label: string): Promise<Created> {
  const units = await (await page.request.get('/api/units/?limit=10')).json();
  const name = `Modèle e2e ${label} ${uniqueTag()}`;
  const template = await apiPost<Created>(page, '/api/modules/templates/', {
    template_name: name,
    module_type: 'TRAINING_REPORT',
    description: 'Créé par le test de la liste des modèles',
    unit: units.results[0].id,
  });
  const block = await apiPost<{ id: number }>(page, '/api/assessments/blocks/templates/', {
    template: template.id,
    name: 'Compétences e2e',
    reference: 'A',
    reference_color: '#3F51B5',
  });
  await apiPost(page, '/api/assessments/criteria/templates/', {
    block: block.id,
    name: 'Travaille avec soin',
    preset: 'EVALUATION',
  });
  await apiPost(page, '/api/assessments/criteria/templates/', {
    block: block.id,
    name: 'Note du travail pratique',
    preset: 'GRADE',
  });
  return template;
}

async function apiDelete(page: Page, url: string) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
  return page.request.delete(url, { headers: { 'X-CSRFToken': csrf } });
}

/** Opens the actions menu of a template's row and picks one. */
async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions pour ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('a course manager finds the demo templates by type and by name', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Modèles de module' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Modèles de module' });
  await expect(table.getByRole('link', { name: /^CIE 187/ })).toBeVisible();
  await expect(table.getByRole('link', { name: /^üK 187/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Nouveau modèle' })).toHaveAttribute(
    'href',
    '/templates/new',
  );
  await expectAccessible(page);

  await page
    .getByRole('combobox', { name: 'Type de module' })
    .selectOption({ label: 'Rapport de formation' });
  await expect(page).toHaveURL(/module_type=TRAINING_REPORT/);
  await expect(table.getByRole('link', { name: /^CIE 187/ })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Rapport de formation' }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Cours interentreprises (CIE)' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Type de module' }).selectOption({ label: 'Tous' });
  await page.getByLabel('Rechercher un modèle').fill('187');
  await expect(page).toHaveURL(/search=187/);
  await expect(table.getByRole('link', { name: /^CIE 187/ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.goto('/de/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Modulvorlagen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Modulvorlagen' })).toBeVisible();
  await expectAccessible(page);
});

test('duplicating shows the copy; archive, unarchive and delete ask first', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  const template = await createTemplate(page, 'copie');
  const name = template.template_name;
  await page.goto(`/templates?search=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Modèles de module' });
  await expect(table.getByRole('link', { name, exact: true })).toBeVisible();

  await rowAction(page, name, 'Dupliquer');
  await expect(page).not.toHaveURL(new RegExp(`/templates/${template.id}$`));
  await expect(page).toHaveURL(/\/templates\/\d+$/);
  const copyId = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(name);
  await expect(heading).not.toHaveText(name);
  await expect(page.getByText(`Copie créée : ${name}`).first()).toBeVisible();
  const tree = page.getByRole('list', { name: 'Blocs et critères du modèle' });
  await expect(tree.getByRole('heading', { name: 'A – Compétences e2e' })).toBeVisible();
  await expect(tree.getByText('Note de 1 à 6, pas de 0,5, poids 1')).toBeVisible();

  await page.goto(`/templates?search=${encodeURIComponent(name)}`);
  await expect(table.getByRole('row')).toHaveCount(3);
  const original = table.getByRole('row').filter({
    has: page.getByRole('link', { name, exact: true }),
  });

  await rowAction(page, name, 'Archiver');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Archiver le modèle');
  await dialog.getByRole('button', { name: 'Archiver' }).click();
  await expect(original.getByRole('cell', { name: 'Archivé' })).toBeVisible();
  await rowAction(page, name, 'Désarchiver');
  await expect(original.getByRole('cell', { name: 'Actif' })).toBeVisible();

  await rowAction(page, name, 'Supprimer');
  await expect(dialog).toContainText(`Supprimer le modèle ${name} ?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('link', { name, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/api/modules/templates/${template.id}/`)).status()).toBe(404);
  expect((await apiDelete(page, `/api/modules/templates/${copyId}/`)).status()).toBe(204);
});

test('deleting a template a module was made from is refused, with the reason', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  const template = await createTemplate(page, 'utilisé');
  const name = template.template_name;
  const module = await apiPost<{ id: number }>(
    page,
    `/api/modules/templates/${template.id}/instanciate/`,
    { name: `Module e2e ${name}` },
  );
  try {
    await page.goto(`/templates/${template.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Ce modèle est utilisé par 1 module et ne peut pas être supprimé. Archivez-le plutôt.',
    );
    await expect(dialog.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect((await page.request.get(`/api/modules/templates/${template.id}/`)).status()).toBe(200);
  } finally {
    await apiDelete(page, `/api/modules/instances/${module.id}/`);
    await apiDelete(page, `/api/modules/templates/${template.id}/`);
  }
});

test('the detail page shows the fields and the tree, in French and Italian', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  const template = await createTemplate(page, 'détail');
  const name = template.template_name;
  try {
    await page.goto(`/templates/${template.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('template-status')).toHaveText('Actif');
    await expect(page.getByText('Créé par le test de la liste des modèles')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Créer un module à partir de ce modèle' }),
    ).toHaveAttribute('href', `/modules/new?template=${template.id}`);
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveAttribute(
      'href',
      `/templates/${template.id}/edit`,
    );
    const criteria = page.getByRole('list', { name: 'Critères de Compétences e2e' });
    await expect(criteria.getByRole('listitem')).toHaveCount(2);
    await expect(criteria.getByRole('listitem').first()).toContainText('Travaille avec soin');
    await expect(criteria.getByTestId('criterion-kind')).toHaveText(['Évaluation', 'Note']);
    await expect(page.getByRole('img', { name: /^Couleur #3F51B5$/i })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/templates/999999');
    await expect(page.getByRole('alert')).toHaveText(
      "Ce modèle de module n'existe pas ou vous n'y avez pas accès.",
    );

    await page.goto(`/it/templates/${template.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Blocchi e criteri' })).toBeVisible();
    await expect(page.getByTestId('criterion-kind').first()).toHaveText('Valutazione');
    await expectAccessible(page);
  } finally {
    await apiDelete(page, `/api/modules/templates/${template.id}/`);
  }
});

test('on a phone the list fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, COURSE_MANAGER);
  await page.goto('/templates');
  const list = page.getByRole('list', { name: 'Modèles de module' });
  await expect(list.getByRole('link', { name: /^CIE 187/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('a shared template is copied into the reader’s unit, never changed', async ({
  page,
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.example.ch');
  const shared = await apiPost<Created>(admin, '/api/modules/templates/', {
    template_name: `Modèle partagé e2e ${uniqueTag()}`,
    module_type: 'IPRE_SHEET',
  });
  const name = shared.template_name;
  const copies: number[] = [];
  try {
    await signIn(page, COURSE_MANAGER);
    await page.goto(`/templates?search=${encodeURIComponent(name)}`);
    const table = page.getByRole('table', { name: 'Modèles de module' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row.getByRole('cell', { name: 'Partagé (toutes les unités)' })).toBeVisible();
    await page.getByRole('button', { name: `Actions pour ${name}`, exact: true }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Ouvrir',
      'Créer un module à partir de ce modèle',
      'Dupliquer',
    ]);
    await menu.getByRole('menuitem', { name: 'Dupliquer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    copies.push(Number(new URL(page.url()).pathname.split('/').pop()));
    await expect(page.getByText('Centre de cours interentreprises Lausanne')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer' })).toBeVisible();

    // a unit admin of two units chooses where the copy goes
    await signIn(page, 'unit-admin@demo.example.ch');
    await page.goto(`/templates/${shared.id}`);
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Dupliquer le modèle ${name}`);
    await expectAccessible(page);
    const unit = dialog.getByLabel('Unité de la copie');
    const second = await unit.locator('option').nth(1).textContent();
    await unit.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(new RegExp(`/templates/${shared.id}$`));
    copies.push(Number(new URL(page.url()).pathname.split('/').pop()));
    await expect(page.getByText(second!, { exact: true })).toBeVisible();
  } finally {
    for (const id of copies) await apiDelete(admin, `/api/modules/templates/${id}/`);
    await apiDelete(admin, `/api/modules/templates/${shared.id}/`);
    await adminContext.close();
  }
});
