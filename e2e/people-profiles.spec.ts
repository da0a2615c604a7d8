import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './helpers.ts';

const UNIT_ADMIN = 'unit-admin@demo.example.ch';
const COURSE_MANAGER = 'course-manager@demo.example.ch';
const INSTRUCTOR = 'instructor@demo.example.ch';

const table = (page: Page) => page.getByRole('table', { name: 'Profils' });

test('a course manager lists, searches and sorts the people of their unit only', async ({
  page,
}) => {
  await signIn(page, COURSE_MANAGER);
  await page.goto('/profiles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profils');
  // other tests add people to this unit: the demo student is found by name, not by page
  await page.getByLabel('Rechercher un nom ou une adresse e-mail').fill('morel');
  await expect(table(page).getByRole('link', { name: 'Morel Julien' })).toBeVisible();
  await page.getByLabel('Rechercher un nom ou une adresse e-mail').fill('');
  // Bellinzona and Zürich people never appear
  for (const other of ['Rossi', 'Müller', 'Ghisletta', 'Weber'])
    await expect(page.getByText(other)).toHaveCount(0);
  await expectAccessible(page);

  const header = table(page).getByRole('columnheader', { name: 'Nom', exact: true });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/ordering=-last_name/);

  await page.getByLabel('Rechercher un nom ou une adresse e-mail').fill('rossi');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await page.getByLabel('Rechercher un nom ou une adresse e-mail').fill('favre');
  await expect(table(page).getByRole('link', { name: 'Favre Léa' })).toBeVisible();
  await expect(table(page).getByRole('link', { name: 'Morel Julien' })).toHaveCount(0);

  // phones: the same list as cards, the filters folded behind one button that counts them,
  // the order chosen above the list
  await page.setViewportSize({ width: 390, height: 800 });
  const cards = page.getByRole('list', { name: 'Profils' });
  await expect(cards.getByText('Favre Léa')).toBeVisible();
  const filters = page.getByRole('button', { name: 'Filtres', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  const role = page.getByRole('combobox', { name: 'Rôle' });
  await expect(role).toBeHidden();
  const sort = page.getByRole('combobox', { name: 'Trier par' });
  expect((await sort.boundingBox())!.y).toBeLessThan((await cards.boundingBox())!.y);
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await role.selectOption({ label: 'Apprenti·e' });
  await expect(page.getByRole('button', { name: 'Filtres (1)' })).toBeVisible();
  await expect(cards.getByText('Favre Léa')).toBeVisible();
  // role chips wrap rather than cut their words, the legal representatives' long role included
  await page.getByLabel('Rechercher un nom ou une adresse e-mail').fill('');
  await role.selectOption({ label: 'Représentant·e légal·e' });
  await expect(cards.getByText('Favre Léa')).toHaveCount(0);
  await expect(cards.getByText(/^Représentant·e légal·e/).first()).toBeVisible();
  const cut = await cards
    .locator('.MuiChip-label')
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).length);
  expect(cut).toBe(0);
  // the page's own content (the shell's top bar on phones is checked by its own specs)
  await expectAccessible(page, 'main');
});

test('an admin pages through everyone in German: 25 at a time, the rows wait dimmed, a screen reader hears the range or that no one matches', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/de/profiles');
  // other tests add people meanwhile: the count is read, not expected
  const range = page.getByRole('paragraph').filter({ hasText: /^\d+–\d+ von \d+$/ });
  // a screen reader hears which rows came, not the rows read out one by one
  const outcome = page.getByRole('status').filter({ hasText: /^\d+–\d+ von \d+$/ });
  await expect(range).toHaveText(/^1–25 von \d+$/);
  await expect(outcome).toHaveText(/^1–25 von \d+$/);
  await expect(page.locator('[aria-live]').filter({ has: page.getByRole('table') })).toHaveCount(0);
  expect(Number(/von (\d+)/.exec((await range.textContent())!)![1])).toBeGreaterThan(25);
  const list = page.getByRole('table');
  const firstName = () => list.getByRole('link').first().textContent();
  const previous = page.getByRole('button', { name: 'Vorherige Seite' });
  const next = page.getByRole('button', { name: 'Nächste Seite' });
  await expect(previous).toBeDisabled();
  const onFirstPage = await firstName();

  // while the next page is on its way, the first page's rows stay, dimmed, and the list says so
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/profiles\/\?.*offset=25/, async (route) => {
    await held;
    await route.continue();
  });
  await next.click();
  await expect(range).toHaveText(/^26–\d+ von \d+$/);
  await expect(page).toHaveURL(/page=2/);
  const busy = page.locator('[aria-busy="true"]').filter({ has: list });
  await expect(busy).toHaveCSS('opacity', '0.45');
  await expect(page.getByRole('status').getByText('Wird geladen…')).toBeVisible();
  expect(await firstName()).toBe(onFirstPage);
  await expect(outcome).toHaveCount(0);
  release();
  // the next page's rows replace the first page's once they have come
  await expect.poll(firstName).not.toBe(onFirstPage);
  await expect(busy).toHaveCount(0);
  await expect(page.getByRole('status').getByText('Wird geladen…')).toHaveCount(0);
  await expect(outcome).toHaveText(/^26–\d+ von \d+$/);
  await page.unroute(/\/api\/profiles\//);
  await expect(previous).toBeEnabled();
  await expectAccessible(page);
  const onSecondPage = await firstName();

  await previous.click();
  await expect(range).toHaveText(/^1–25 von \d+$/);
  await expect.poll(firstName).not.toBe(onSecondPage);

  // a search that finds no one says so
  await page.getByRole('searchbox', { name: 'Name oder E-Mail-Adresse suchen' }).fill('zzqxw');
  await expect(page.getByRole('status')).toContainText(['Kein Profil entspricht der Suche.']);
});

test('an instructor has no profile list', async ({ page }) => {
  await signIn(page, INSTRUCTOR);
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Profils' })).toHaveCount(0);
  await page.goto('/profiles');
  await expect(page.getByTestId('error-status')).toHaveText('403');
});

test('a unit admin creates, edits and archives a student', async ({ page }) => {
  // a name of its own, so the test can run again on the same database
  const last = `Testeuse ${(Date.now() % 100000).toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  await signIn(page, UNIT_ADMIN);
  await page.goto('/profiles/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau profil');
  await page.getByLabel('Prénom').fill('Aline');
  await page.getByLabel('Nom de famille').fill(last);
  await page.getByLabel('Adresse e-mail').fill('student@demo.example.ch');
  await expect(page.getByText('Cette adresse e-mail est déjà utilisée.')).toBeVisible();
  const role1 = page.getByRole('group', { name: 'Rôle 1' });
  await role1.getByRole('combobox', { name: 'Rôle', exact: true }).selectOption('STUDENT');
  // the legal representatives' picker speaks French, its own buttons too
  await expect(page.getByRole('button', { name: 'Ouvrir', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Créer le profil' }).click();
  // checked locally: two units, none chosen
  await expect(role1.getByRole('combobox', { name: 'Unité' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(
    page.getByText("L'unité doit être indiquée pour les rôles autres qu'administrateur·trice"),
  ).toBeVisible();
  await expectAccessible(page);
  await role1
    .getByLabel('Unité')
    .selectOption({ label: 'Centre de cours interentreprises Lausanne' });
  await page.getByLabel('Type de formation').selectOption('FEDERAL_VET_CERTIFICATE');
  await page.getByRole('button', { name: 'Créer le profil' }).click();
  // refused by the server next to its field; what was typed stays
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Prénom')).toHaveValue('Aline');
  await page.getByLabel('Adresse e-mail').fill(`aline.${Date.now()}@example.ch`);
  await page.getByRole('button', { name: 'Créer le profil' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Aline ${last}`);
  await expect(page.getByText('AFP')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir le relevé de notes' })).toHaveAttribute(
    'href',
    /\/profiles\/\d+\/grade-summary$/,
  );
  await expect(page.getByTestId('login-state')).toHaveText('Pas encore de compte de connexion.');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page.getByLabel('Prénom')).toHaveValue('Aline');
  await page.getByLabel('Prénom').fill('Alina');
  // a legal representative, searched by name among those the unit admin sees
  const representatives = page.getByRole('combobox', { name: 'Représentant·e·s légaux·ales' });
  await representatives.fill('Morel');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Morel Isabelle']);
  await expect(representatives).toHaveValue('Morel');
  // the open list is part of the page's main content, not loose at its end
  await expect(page.getByRole('main').getByRole('listbox')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('option', { name: 'Morel Isabelle' }).click();
  await page.getByRole('button', { name: 'Ajouter un rôle' }).click();
  const role2 = page.getByRole('group', { name: 'Rôle 2' });
  await role2.getByRole('combobox', { name: 'Rôle', exact: true }).selectOption('INSTRUCTOR');
  await role2
    .getByRole('combobox', { name: 'Unité' })
    .selectOption({ label: 'Berufsfachschule Zürich' });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Alina ${last}`);
  await expect(page.getByText(/ · BFS-ZH$/)).toBeVisible();
  await expect(page.getByText('Isabelle Morel', { exact: true })).toBeVisible();
  // editing again names the chosen representative, never by a number
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page.getByRole('button', { name: 'Morel Isabelle' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Inviter', exact: true }).click();
  await expect(page.getByTestId('login-state')).toHaveText(
    'Invitation envoyée, mot de passe pas encore choisi.',
  );
  await page.getByRole('button', { name: 'Désactiver le compte' }).click();
  await expect(page.getByTestId('login-state')).toHaveText('Compte désactivé.');

  await page.getByRole('button', { name: 'Archiver' }).click();
  const dialog = page.getByRole('dialog', { name: `Archiver Alina ${last} ?` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Archiver' }).click();
  await expect(page.getByTestId('profile-status')).toHaveText('Archivé');

  await page.goto(`/profiles?status=ARCHIVED&search=${encodeURIComponent(last)}`);
  await expect(table(page).getByRole('link', { name: `${last} Alina` })).toBeVisible();
});
