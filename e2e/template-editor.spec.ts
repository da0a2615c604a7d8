import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CRITERION_PRESET_KEYS } from '../domain/criterion-presets.ts';
import { ROOT } from './env.ts';
import { apiPost, expectAccessible, signIn, uniqueTag } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';
const fr = JSON.parse(
  readFileSync(path.join(ROOT, 'web/public/locales/fr/messages.json'), 'utf8'),
) as { enums: { criterionPreset: Record<string, string> } };

const block = (page: Page | Locator, name: string) =>
  page.getByRole('group', { name: `Bloc : ${name}`, exact: true });
const criterion = (page: Page | Locator, name: string) =>
  page.getByRole('group', { name: `Critère : ${name}`, exact: true });

/** Adds a block (top level, or nested in `parent`) and names it. */
async function addBlock(page: Page, name: string, parent?: Locator) {
  if (parent) await parent.getByRole('button', { name: 'Ajouter un sous-bloc' }).last().click();
  else await page.getByRole('button', { name: 'Ajouter un bloc', exact: true }).click();
  await block(page, '(sans nom)').getByLabel('Nom du bloc').first().fill(name);
  return block(page, name);
}

/** Adds a criterion of a preset to a block and names it. */
async function addCriterion(
  page: Page,
  parent: Locator,
  blockName: string,
  preset: string,
  name: string,
) {
  await parent
    .getByLabel(`Type du nouveau critère de ${blockName}`)
    .selectOption({ label: fr.enums.criterionPreset[preset]! });
  await parent.getByRole('button', { name: 'Ajouter un critère' }).click();
  await criterion(page, '(sans nom)').getByLabel('Nom du critère').fill(name);
}

/** The names of the groups (blocks or criteria) directly or deeply inside `scope`, in order. */
const headings = (scope: Locator, level: number) =>
  scope.getByRole('heading', { level }).allTextContents();

test('a course manager builds a template with nested blocks and every preset, reorders it, saves it and finds it again', async ({
  page,
}) => {
  test.setTimeout(200_000); // about forty items built through the interface
  const name = `Modèle e2e ${uniqueTag()}`;
  await signIn(page, COURSE_MANAGER);
  await page.goto('/templates/new');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nouveau modèle de module' }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Nom du modèle').fill(name);
  await page.getByLabel('Type de module').selectOption({ label: 'Cours interentreprises (CIE)' });

  // Block 1: three evaluation criteria (domain.md worked example 1)
  const safety = await addBlock(page, 'Sécurité');
  for (const c of ['Porte les EPI', 'Range le poste', 'Signale les dangers'])
    await addCriterion(page, safety, 'Sécurité', 'EVALUATION', c);
  // Block 2 holds nested blocks: then it offers no criteria
  const practice = await addBlock(page, 'Pratique');
  const welding = await addBlock(page, 'Soudure', practice);
  await expect(practice.getByLabel('Type du nouveau critère de Pratique')).toHaveCount(0);
  await addCriterion(page, welding, 'Soudure', 'GRADE', 'Soude les tubes');
  // a block holding criteria offers no nested block
  await expect(welding.getByRole('button', { name: 'Ajouter un sous-bloc' })).toHaveCount(0);
  const assembly = await addBlock(page, 'Montage', practice);
  await addCriterion(page, assembly, 'Montage', 'LETTER', 'Assemble les pièces');
  // Block 3: one criterion of every preset of the specification
  const catalogue = await addBlock(page, 'Catalogue');
  for (const preset of CRITERION_PRESET_KEYS)
    await addCriterion(page, catalogue, 'Catalogue', preset, `Critère ${preset}`);

  // Reorder by mouse: Montage above Soudure
  // boxes in viewport coordinates once the dragged handle is on screen (the target may be above)
  await assembly.getByRole('button', { name: 'Déplacer Montage' }).hover();
  const from = await assembly.getByRole('button', { name: 'Déplacer Montage' }).boundingBox();
  const to = await welding.getByRole('button', { name: 'Déplacer Soudure' }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, from!.y - 20, { steps: 5 });
  await page.mouse.move(to!.x + to!.width / 2, to!.y - 10, { steps: 20 });
  await page.mouse.up();
  await expect.poll(() => headings(practice, 4)).toEqual(['Bloc : Montage', 'Bloc : Soudure']);

  // Reorder by keyboard: "Signale les dangers" up one place
  await safety.getByRole('button', { name: 'Déplacer Signale les dangers' }).focus();
  // each step waits for what a screen reader hears
  const announced = (text: string) =>
    expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await page.keyboard.press('Space');
  await announced('Signale les dangers saisi, position 3 sur 3.');
  await page.keyboard.press('ArrowUp');
  await announced('Signale les dangers déplacé en position 2 sur 3.');
  await page.keyboard.press('Space');
  await announced('Signale les dangers déposé en position 2 sur 3.');
  await expect
    .poll(() => headings(safety, 4))
    .toEqual([
      'Critère : Porte les EPI',
      'Critère : Signale les dangers',
      'Critère : Range le poste',
    ]);
  // and with the explicit buttons: Pratique above Sécurité
  await page.getByRole('button', { name: 'Monter Pratique' }).click();
  await announced('Pratique déposé en position 1 sur 3.');
  // at the top "move up" is no longer usable: the focus stays on the item's controls
  await expect(page.getByRole('button', { name: 'Descendre Pratique' })).toBeFocused();
  const tree = page.getByRole('region', { name: 'Blocs de critères' });
  await expect
    .poll(() => headings(tree, 3))
    .toEqual(['Bloc : Pratique', 'Bloc : Sécurité', 'Bloc : Catalogue']);

  // blocks of different heights move one place per arrow press, and Escape puts one back
  await page.getByRole('button', { name: 'Déplacer Catalogue' }).focus();
  await page.keyboard.press('Enter');
  await announced('Catalogue saisi, position 3 sur 3.');
  await page.keyboard.press('ArrowUp');
  await announced('Catalogue déplacé en position 2 sur 3.');
  expect(await headings(tree, 3)).toEqual([
    'Bloc : Pratique',
    'Bloc : Catalogue',
    'Bloc : Sécurité',
  ]);
  await expect(page.getByRole('button', { name: 'Déplacer Catalogue' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await announced('Catalogue déplacé en position 1 sur 3.');
  await page.keyboard.press('Escape');
  await announced('Déplacement annulé, Catalogue reste en position 3 sur 3.');
  await expect
    .poll(() => headings(tree, 3))
    .toEqual(['Bloc : Pratique', 'Bloc : Sécurité', 'Bloc : Catalogue']);

  // The preview grades sample values with the domain engine: 2 + 1.2 + 0 of 6 points → 3.7
  const preview = page.getByRole('region', { name: 'Aperçu' });
  await preview.getByLabel('Évaluation de Porte les EPI').selectOption({ label: 'Bien' });
  await preview
    .getByLabel('Évaluation de Signale les dangers')
    .selectOption({ label: 'Suffisant' });
  await preview.getByLabel('Évaluation de Range le poste').selectOption({ label: 'Insuffisant' });
  await expect(preview.getByText('Note de Sécurité : 3,7')).toBeVisible();
  await expect(preview.getByText('Note du module : 3,7')).toBeVisible();
  // how: the engine's steps, formula and rounding
  await preview.getByText('Comment la note est calculée').click();
  const safetyStep = preview
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Sécurité — Points / max × 5 + 1' }) });
  await expect(safetyStep.getByText('3,2 / 6 × 5 + 1 = 3,6667')).toBeVisible();
  await expect(safetyStep.getByText('Arrondi à 0,1 près : 3,7')).toBeVisible();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Modèle enregistré.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/\d+$/);
  const id = Number(/\/templates\/(\d+)$/.exec(page.url())![1]);
  // the detail page shows the same preview, without sample values yet
  const saved = page.getByRole('region', { name: 'Aperçu' });
  await expect(saved.getByRole('heading', { name: 'Sécurité', exact: true })).toBeVisible();
  await expect(saved.getByText('Note du module : pas encore de note')).toBeVisible();

  await page.goto(`/templates/${id}/edit`);
  await expect(page.getByLabel('Nom du modèle')).toHaveValue(name);
  const topBlocks = await tree.getByRole('heading', { level: 3 }).allTextContents();
  expect(topBlocks).toEqual(['Bloc : Pratique', 'Bloc : Sécurité', 'Bloc : Catalogue']);
  expect(await headings(block(page, 'Pratique'), 4)).toEqual(['Bloc : Montage', 'Bloc : Soudure']);
  expect(await headings(block(page, 'Sécurité'), 4)).toEqual([
    'Critère : Porte les EPI',
    'Critère : Signale les dangers',
    'Critère : Range le poste',
  ]);
  expect(await headings(block(page, 'Catalogue'), 4)).toEqual(
    CRITERION_PRESET_KEYS.map((preset) => `Critère : Critère ${preset}`),
  );
  // each criterion kept its preset's fields: its type reads back as that preset
  const types = await tree
    .getByLabel('Type de critère')
    .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
  expect(types).toEqual([
    'LETTER',
    'GRADE',
    'EVALUATION',
    'EVALUATION',
    'EVALUATION',
    ...CRITERION_PRESET_KEYS,
  ]);
  await expectAccessible(page);
});

test('a refused save keeps every change and shows why next to the field', async ({ page }) => {
  const name = `Modèle refusé ${uniqueTag()}`;
  await signIn(page, COURSE_MANAGER);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const created = await apiPost<{ id: number }>(page, '/api/modules/templates/', {
    template_name: name,
    module_type: 'TRAINING_REPORT',
    unit: units.results[0].id,
    blocks: [
      {
        id: 'temp-1',
        name: 'Bloc A',
        criteria: [{ id: 'temp-2', name: 'Critère A', preset: 'EVALUATION' }],
      },
    ],
  });
  await page.setViewportSize({ width: 390, height: 844 }); // on a phone
  await page.goto(`/templates/${created.id}/edit`);
  const blockA = block(page, 'Bloc A');
  await blockA.getByLabel('Coefficient').fill('beaucoup');
  await addCriterion(page, blockA, 'Bloc A', 'LETTER', 'Critère ajouté');
  await page.getByLabel('Nom du modèle').fill(`${name} modifié`);
  // the preview, below the editor on a phone, is one button away and leads back to the field
  await page.getByRole('button', { name: 'Voir l’aperçu' }).click();
  await expect(page.getByRole('heading', { name: 'Aperçu' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Aperçu' })).toBeInViewport();
  await page.getByRole('button', { name: 'Retour au champ modifié' }).click();
  await expect(page.getByLabel('Nom du modèle')).toBeFocused();
  await expect(page.getByLabel('Nom du modèle')).toBeInViewport();
  // the editor fits the phone's width
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(
    page.getByRole('alert').filter({ hasText: "Le modèle n'a pas été enregistré" }),
  ).toBeVisible();
  await expect(blockA.getByLabel('Coefficient')).toHaveAttribute('aria-invalid', 'true');
  await expect(blockA.getByLabel('Coefficient')).toHaveValue('beaucoup');
  await expect(criterion(page, 'Critère ajouté')).toBeVisible();
  await expect(page.getByLabel('Nom du modèle')).toHaveValue(`${name} modifié`);
  await expectAccessible(page);
  // nothing was written
  const saved = await page.request
    .get(`/api/modules/templates/${created.id}/`)
    .then((r) => r.json());
  expect(saved.template_name).toBe(name);
  expect(saved.tree[0].criteria).toHaveLength(1);

  // leaving asks first, and staying keeps the work
  await page.getByRole('button', { name: 'Annuler' }).click();
  const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
  await leave.getByRole('button', { name: 'Annuler' }).click();
  await expect(leave).toHaveCount(0);
  await expect(blockA.getByLabel('Coefficient')).toHaveValue('beaucoup');

  // corrected, the same work saves

  await blockA.getByLabel('Coefficient').fill('2');
  await expect(blockA.getByLabel('Coefficient')).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${created.id}$`));
  const after = await page.request
    .get(`/api/modules/templates/${created.id}/`)
    .then((r) => r.json());
  expect(after.template_name).toBe(`${name} modifié`);
  expect(after.tree[0].coefficient).toBe('2');
  expect(after.tree[0].criteria.map((c: { name: string }) => c.name)).toEqual([
    'Critère A',
    'Critère ajouté',
  ]);
});

test('a template changed by someone else meanwhile is not overwritten', async ({ page }) => {
  const name = `Modèle concurrent ${uniqueTag()}`;
  await signIn(page, COURSE_MANAGER);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const created = await apiPost<{ id: number }>(page, '/api/modules/templates/', {
    template_name: name,
    module_type: 'TRAINING_PLAN',
    unit: units.results[0].id,
    blocks: [{ id: 'temp-1', name: 'Bloc unique' }],
  });
  await page.goto(`/templates/${created.id}/edit`);
  await block(page, 'Bloc unique').getByLabel('Nom du bloc').first().fill('Bloc renommé');

  // another person renames the template in the meantime
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
  const other = await page.request.patch(`/api/modules/templates/${created.id}/`, {
    data: { template_name: `${name} (autre)` },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(other.ok()).toBe(true);

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: "Quelqu'un d'autre a modifié ce modèle" }),
  ).toBeVisible();
  await expect(block(page, 'Bloc renommé')).toBeVisible();
  const saved = await page.request
    .get(`/api/modules/templates/${created.id}/`)
    .then((r) => r.json());
  expect(saved.template_name).toBe(`${name} (autre)`);
  expect(saved.tree[0].name).toBe('Bloc unique');

  // leaving the page with unsaved work: the browser asks first (beforeunload)
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });
  // in Italian: the page speaks the reader's language and passes axe there too
  await page.goto(`/it/templates/${created.id}/edit`);
  await asked;
  await expect(
    page.getByRole('heading', { level: 1, name: `Modifica il modello ${name} (autre)` }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Blocco: Bloc unique' })).toBeVisible();
  await expectAccessible(page);
});
