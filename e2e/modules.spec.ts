import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiPatch, apiPost, expectAccessible, signIn } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';

/** Lausanne's unit and its demo intercompany course template (read only). */
async function lausanne(page: Page) {
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const templates = await page.request
    .get(`/api/modules/templates/?unit=${unit}&module_type=INTERCOMPANY_COURSE&status=ACTIVE`)
    .then((r) => r.json());
  return { unit, template: templates.results[0].id as number };
}

/** Students and a cohort of this test's own, so no shared demo data changes. */
async function ownCohort(page: Page, unit: number, tag: string) {
  const ids: number[] = [];
  for (const first of ['Alba', 'Bruno', 'Carla']) {
    const profile = await apiPost<{ id: number }>(page, '/api/profiles/', {
      first_name: first,
      last_name: tag,
      assignments: [{ unit, role: 'STUDENT' }],
    });
    ids.push(profile.id);
  }
  const cohort = await apiPost<{ id: number }>(page, '/api/cohorts/', {
    name: `Volée ${tag}`,
    unit,
  });
  // Carla stays out of the cohort: she is added on her own
  await apiPatch(page, `/api/cohorts/${cohort.id}/`, { students: ids.slice(0, 2) });
}

test('a course manager runs a module from a template to its students', async ({ page }) => {
  test.slow(); // one long journey through four pages and eight dialogs
  const tag = `Mod${Date.now() % 100000}`;
  await signIn(page, COURSE_MANAGER);
  const { unit, template } = await lausanne(page);
  await ownCohort(page, unit, tag);

  await page.goto('/modules');
  await expect(page.getByRole('heading', { level: 1, name: 'Modules' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Modules' })).toBeVisible();
  await expectAccessible(page);

  // a new module from the demo intercompany course template
  await page.getByRole('link', { name: 'Nouveau module' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau module' })).toBeVisible();
  await page.getByRole('button', { name: 'Créer le module' }).click();
  await expect(page.getByLabel('Modèle')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Modèle').selectOption(String(template));
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Module ${tag}`);
  await page.getByLabel('Volée').selectOption({ label: `Volée ${tag}` });
  await page.getByLabel('Date de début').fill('2027-03-01');
  await page.getByLabel('Date de fin').fill('2027-03-05');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer le module' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Module ${tag}` })).toBeVisible();
  await expect(page).toHaveURL(/\/modules\/\d+$/);
  // the tab names the module, then the kind of page
  await expect(page).toHaveTitle(`Module ${tag} - Module - Evaluanda`);
  await expect(page.getByTestId('module-status')).toHaveText('Ouvert');

  // a group with an instructor of the unit (one without a login: no demo sign-in sees more)
  await page.getByRole('button', { name: 'Nouveau groupe' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom du groupe').fill('Groupe A');
  await dialog.getByLabel('Formateurs·trices').fill('Jacc');
  await expectAccessible(page);
  await dialog.getByRole('listbox').getByRole('option', { name: 'Jaccard Olivier' }).click();
  await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
  const group = page.getByRole('listitem', { name: 'Groupe A' });
  await expect(group).toContainText('Olivier Jaccard');

  // the whole cohort, in one call: the bar ends full, with the counts
  await page.getByRole('button', { name: 'Ajouter une volée' }).click();
  await dialog.getByLabel('Volée').selectOption({ label: `Volée ${tag} (2)` });
  await expect(dialog.getByLabel('Groupe')).toHaveValue(/\d+/);
  // a cohort's assessments start in progress: there is no status to choose
  await expect(dialog.getByLabel('Statut')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Créer' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Création des évaluations' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog).toContainText('Évaluations créées : 2.');
  await expect(dialog.getByRole('button')).toHaveText(['Fermer']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  const students = page.getByRole('table', { name: 'Apprenti·e·s' });
  for (const first of ['Alba', 'Bruno']) {
    const row = students.getByRole('row', { name: new RegExp(`${tag} ${first}`) });
    await expect(row.getByRole('cell', { name: 'En cours' })).toBeVisible();
    await expect(row.getByRole('link')).toHaveAttribute('href', /\/assessments\/\d+$/);
  }
  await expect(group).toContainText('Apprenti·e·s : 2');

  // one more student, on her own
  await page.getByRole('button', { name: 'Ajouter un·e apprenti·e' }).click();
  // searched as the name is typed; those the module assesses already cannot be picked
  const student = dialog.getByLabel('Apprenti·e');
  await expect(student).toHaveAttribute('placeholder', 'Tapez un nom pour chercher');
  await student.fill(tag);
  // the options belong to the dialog, where a screen reader confined to it finds them
  const options = dialog.getByRole('listbox');
  await expect(
    options.getByRole('option', { name: `${tag} Alba (déjà évalué·e dans ce module)` }),
  ).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await options.getByRole('option', { name: `${tag} Carla` }).click();
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(
    students.getByRole('row', { name: new RegExp(`${tag} Carla`) }).getByRole('cell', {
      name: 'En cours',
    }),
  ).toBeVisible();
  await expectAccessible(page);

  // lock, unlock, archive
  await page.getByRole('button', { name: 'Verrouiller' }).click();
  await expect(page.getByTestId('module-status')).toHaveText('Verrouillé');
  await page.getByRole('button', { name: 'Déverrouiller' }).click();
  await expect(page.getByTestId('module-status')).toHaveText('Ouvert');
  await page.getByRole('button', { name: 'Archiver' }).click();
  await dialog.getByRole('button', { name: 'Archiver' }).click();
  await expect(page.getByTestId('module-status')).toHaveText('Archivé');
  await expect(page.getByRole('button', { name: 'Ajouter une volée' })).toHaveCount(0);

  // edit the name; a refusal of the server keeps what was typed
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(
    `Module ${tag}`,
  );
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`Module ${tag} bis`);
  await page.getByLabel('Date de fin').fill('2027-02-01');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByLabel('Date de fin')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('La date de fin ne peut pas précéder la date de début'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(
    `Module ${tag} bis`,
  );
  await page.getByLabel('Date de fin').fill('2027-03-06');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Module ${tag} bis` })).toBeVisible();

  // the list finds it; deleting it is refused with the server's reason
  await page.goto(`/modules?search=${tag}&status=ARCHIVED`);
  const list = page.getByRole('table', { name: 'Modules' });
  await expect(list.getByRole('link', { name: `Module ${tag} bis`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Supprimer Module ${tag} bis` }).click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('contient 3 évaluations');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
});

test('a module of a cohort past a thousand students lists every one of them', async ({ page }) => {
  test.slow(); // 1,010 students imported and assessed
  const tag = `Grand${Date.now() % 100000}`;
  await signIn(page, COURSE_MANAGER);
  const { unit, template } = await lausanne(page);
  const rows = Array.from({ length: 1010 }, (_, i) => ({
    first_name: `Élève ${String(i + 1).padStart(4, '0')}`,
    last_name: tag,
  }));
  await apiPost(page, '/api/profiles/import/', { unit, role: 'STUDENT', rows, dry_run: false });
  const ids: number[] = [];
  for (const offset of [0, 1000]) {
    const found = await page.request
      .get(`/api/profiles/?search=${tag}&limit=1000&offset=${offset}`)
      .then((r) => r.json());
    ids.push(...found.results.map((p: { id: number }) => p.id));
  }
  expect(ids).toHaveLength(1010);
  const cohort = await apiPost<{ id: number }>(page, '/api/cohorts/', { name: tag, unit });
  await apiPatch(page, `/api/cohorts/${cohort.id}/`, { students: ids });
  const module = await apiPost<{ id: number }>(
    page,
    `/api/modules/templates/${template}/instanciate/`,
    { name: `Module ${tag}`, cohort: cohort.id, start_date: null, end_date: null },
  );
  const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
    module: module.id,
    name: 'Tous',
    instructors: [],
  });
  await apiPost(page, `/api/modules/instances/${module.id}/instanciate_cohort/`, {
    group: group.id,
    cohort: cohort.id,
  });

  await page.goto(`/modules/${module.id}`);
  await expect(page.getByRole('listitem', { name: 'Tous' })).toContainText('Apprenti·e·s : 1010');
  // the last of them, past the first thousand
  await page.getByLabel('Rechercher un·e apprenti·e').fill('Élève 1010');
  const students = page.getByRole('table', { name: 'Apprenti·e·s' });
  await expect(students.getByRole('row', { name: new RegExp(`${tag} Élève 1010`) })).toBeVisible();

  // the apprentices' list pages them on the server, all of them
  await page.goto(`/students?module=${module.id}`);
  await expect(page.getByRole('paragraph').filter({ hasText: /^1–25 sur/ })).toHaveText(
    '1–25 sur 1010',
  );
  await page.getByLabel('Rechercher un·e apprenti·e').fill('Élève 1010');
  await expect(
    page.getByRole('table', { name: 'Apprenti·e·s' }).getByRole('row', {
      name: new RegExp(`${tag} Élève 1010`),
    }),
  ).toBeVisible();
});

test('a course manager renames, moves and deletes groups', async ({ page }) => {
  const tag = `Grp${Date.now() % 100000}`;
  await signIn(page, COURSE_MANAGER);
  const { unit, template } = await lausanne(page);
  const [from, to] = await Promise.all(
    [1, 2].map((n) =>
      apiPost<{ id: number }>(page, `/api/modules/templates/${template}/instanciate/`, {
        name: `Groupes ${tag} ${n}`,
      }),
    ),
  );
  const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
    name: 'Groupe X',
    module: from!.id,
  });
  await apiPost(page, '/api/assessments/groups/', { name: 'Groupe vide', module: from!.id });
  const student = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Dora',
    last_name: tag,
    assignments: [{ unit, role: 'STUDENT' }],
  });
  await apiPost(page, `/api/modules/instances/${from!.id}/instanciate/`, {
    module: from!.id,
    group: group.id,
    student: student.id,
  });

  await page.goto(`/modules/${from!.id}`);
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Modifier le groupe Groupe X' }).click();
  await dialog.getByLabel('Nom du groupe').fill('Groupe Y');
  await dialog.getByLabel('Formateurs·trices').fill('Jacc');
  await dialog.getByRole('listbox').getByRole('option', { name: 'Jaccard Olivier' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  const card = page.getByRole('listitem', { name: 'Groupe Y' });
  await expect(card).toContainText('Olivier Jaccard');
  // opened again, the dialog names the instructor it holds
  await page.getByRole('button', { name: 'Modifier le groupe Groupe Y' }).click();
  await expect(dialog.getByRole('button', { name: 'Jaccard Olivier' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Supprimer le groupe Groupe Y' }).click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('contient 1 évaluation et');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Supprimer le groupe Groupe vide' }).click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('listitem', { name: 'Groupe vide' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Déplacer le groupe Groupe Y' }).click();
  await dialog.getByLabel('Module de destination').selectOption({ label: `Groupes ${tag} 2` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Déplacer' }).click();
  await expect(card).toHaveCount(0);
  await page.goto(`/modules/${to!.id}`);
  await expect(page.getByRole('listitem', { name: 'Groupe Y' })).toContainText('Olivier Jaccard');
  await expect(
    page.getByRole('table', { name: 'Apprenti·e·s' }).getByRole('row', { name: new RegExp(tag) }),
  ).toContainText('Groupe Y');

  // the emptied module can go: its page leaves for the list
  await page.goto(`/modules/${from!.id}`);
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page).toHaveURL(/\/modules$/);
  await expect(page.getByRole('link', { name: `Groupes ${tag} 1` })).toHaveCount(0);
});

test('an instructor reads the modules of their groups and changes nothing', async ({ page }) => {
  await signIn(page, DEMO.instructor);
  await page.goto('/modules');
  const table = page.getByRole('table', { name: 'Modules' });
  await expect(table.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouveau module' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Verrouiller|Archiver|Supprimer/ })).toHaveCount(0);
  // nothing to do here: no empty actions column
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Groupes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Nouveau groupe|Ajouter|Modifier/ })).toHaveCount(
    0,
  );
  await expect(
    page.getByRole('table', { name: 'Apprenti·e·s' }).getByRole('link').first(),
  ).toHaveAttribute('href', /\/assessments\/\d+$/);
  await expectAccessible(page);
});

test('the module pages in German, the template preselected from the address', async ({ page }) => {
  await signIn(page, COURSE_MANAGER);
  const { template } = await lausanne(page);
  const modules = await page.request
    .get('/api/modules/instances/?ordering=name')
    .then((r) => r.json());
  const id: number = modules.results[0].id;
  await page.goto('/de/modules');
  await expect(page.getByRole('heading', { level: 1, name: 'Module' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Module' })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/de/modules/new?template=${template}`);
  await expect(page.getByLabel('Vorlage')).toHaveValue(String(template));
  await expectAccessible(page);
  await page.goto(`/de/modules/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Gruppen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lernende' })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/de/modules/${id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    modules.results[0].name,
  );
  await expectAccessible(page);
});

test('on a phone the module page reads without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, COURSE_MANAGER);
  await page.goto('/modules');
  await page.getByRole('list', { name: 'Modules' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Apprenti·e·s' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Apprenti·e·s' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
