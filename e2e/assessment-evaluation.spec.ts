import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD } from './env.ts';
import { apiPost, DEMO, expectAccessible, signIn, uniqueTag } from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';
const UNIT_ADMIN = 'unit-admin@demo.example.ch';
const ENTERPRISE_INSTRUCTOR = 'enterprise-instructor@demo.example.ch';
const SAVED = 'Toutes les modifications sont enregistrées';

interface World {
  assessment: number;
  student: { email: string };
  criteria: string[];
}

async function profileId(page: Page, search: string): Promise<number> {
  const list = await page.request
    .get(`/api/profiles/?search=${encodeURIComponent(search)}`)
    .then((r) => r.json());
  return list.results[0].id;
}

/**
 * A module of Lausanne of this test's own, with the criteria of domain.md worked examples 1
 * (three evaluation levels of 2 points, OVER_FIVE_PLUS_ONE_ROUND) and 2 (grades weighted 1 and
 * 2, AVERAGE), a group taught by the demo instructor and the enterprise instructor, and an
 * assessment of a student of its own who has a login. Shared demo data stays untouched.
 */
async function ownAssessment(browser: Browser, tag: string): Promise<World> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, UNIT_ADMIN);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const email = `eval-${tag.toLowerCase()}@example.ch`;
  const student = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: 'Aline',
    last_name: tag,
    email,
    assignments: [{ unit, role: 'STUDENT' }],
  });
  await apiPost(page, '/api/users/register/', {
    email,
    profile: student.id,
    password: DEMO_PASSWORD,
  });
  await context.clearCookies();

  await signIn(page, COURSE_MANAGER);
  const template = await apiPost<{ id: number }>(page, '/api/modules/templates/', {
    template_name: `Modèle ${tag}`,
    module_type: 'INTERCOMPANY_COURSE',
    graded: true,
    rounding_formula: 'TENTH',
    unit,
  });
  const pointsBlock = await apiPost<{ id: number }>(page, '/api/assessments/blocks/templates/', {
    template: template.id,
    name: 'Sécurité au travail',
    reference: 'A1',
    reference_color: '#1565c0',
    grading_formula: 'OVER_FIVE_PLUS_ONE_ROUND',
    is_one_line: true,
    order: 0,
  });
  const criteria = ['Port des protections', 'Rangement du poste', 'Tri des déchets'];
  for (const [order, name] of criteria.entries()) {
    await apiPost(page, '/api/assessments/criteria/templates/', {
      block: pointsBlock.id,
      name,
      preset: 'EVALUATION',
      points: '2',
      order,
    });
  }
  // progression only: no score, so the block grade stays that of example 1
  await apiPost(page, '/api/assessments/criteria/templates/', {
    block: pointsBlock.id,
    name: 'Autonomie au poste',
    preset: 'PROGRESSION',
    flags: ['OBSERVED', 'PRACTICED'],
    order: criteria.length,
  });
  const gradeBlock = await apiPost<{ id: number }>(page, '/api/assessments/blocks/templates/', {
    template: template.id,
    name: 'Travail pratique',
    reference: 'B1',
    reference_color: '#2e7d32',
    grading_formula: 'AVERAGE',
    order: 1,
  });
  for (const [order, [name, weight]] of [
    ['Montage', '1'],
    ['Contrôle final', '2'],
  ].entries()) {
    await apiPost(page, '/api/assessments/criteria/templates/', {
      block: gradeBlock.id,
      name,
      preset: 'GRADE',
      grade: { min: '1', max: '6', step: '0.5', weight },
      order,
    });
  }
  const module = await apiPost<{ id: number }>(
    page,
    `/api/modules/templates/${template.id}/instanciate/`,
    { name: `Module ${tag}`, unit },
  );
  const instructors = [await profileId(page, 'Vuilleumier'), await profileId(page, 'Reymond')];
  const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
    name: `Groupe ${tag}`,
    module: module.id,
    instructors,
  });
  await apiPost(page, '/api/assessments/groups/', {
    name: `Groupe ${tag} bis`,
    module: module.id,
    instructors: [],
  });
  const assessment = await apiPost<{ id: number }>(
    page,
    `/api/modules/instances/${module.id}/instanciate/`,
    { module: module.id, group: group.id, student: student.id },
  );
  await context.close();
  return {
    assessment: assessment.id,
    student: { email },
    criteria: [...criteria, 'Montage', 'Contrôle final'],
  };
}

/** Presses Tab until the focus is in `target` (keyboard only, as a user would). */
async function tabInto(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

const criterion = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const block = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(name) });

test('an instructor fills an assessment with the keyboard, sees the grades, validates; the student then sees it', async ({
  browser,
  page,
}) => {
  // a long journey: API setup, three sign-ins, the whole form, three accessibility scans
  test.setTimeout(120_000);
  const tag = uniqueTag('Ev');
  const world = await ownAssessment(browser, tag);
  const url = `/assessments/${world.assessment}`;

  // before validation, the student does not see it
  const studentContext = await browser.newContext({ baseURL: BASE_URL });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, world.student.email);
  await apiPost(studentPage, '/api/users/me/accept-data-processing/', {});
  await studentPage.goto(url);
  await expect(
    studentPage.getByText("Cette évaluation n'existe pas ou vous n'y avez pas accès."),
  ).toBeVisible();

  await signIn(page, DEMO.instructor);
  await page.goto(url);
  await expect(
    page.getByRole('heading', { level: 1, name: `Évaluation de Aline ${tag}` }),
  ).toBeVisible();
  await expect(page.getByTestId('assessment-status')).toHaveText('En cours');
  await expectAccessible(page);

  // worked example 1: GOOD, SUFFICIENT, INSUFFICIENT — arrows move within a radio group
  const levels = [1, 2, 3];
  for (const [index, name] of world.criteria.slice(0, 3).entries()) {
    await tabInto(page, criterion(page, name).getByRole('radiogroup'));
    for (let i = 0; i < levels[index]!; i += 1) await page.keyboard.press('ArrowDown');
  }
  await expect(block(page, 'Sécurité au travail')).toContainText('Note du bloc : 3,7');
  // progression flags: Tab to each checkbox, Space to tick it
  const autonomy = criterion(page, 'Autonomie au poste');
  await page.keyboard.press('Tab');
  await expect(autonomy.getByLabel('Observé')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(autonomy.getByLabel('Exercé')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(autonomy.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Commentaire du bloc Sécurité au travail')).toBeFocused();
  await page.keyboard.type('Consignes respectées.');

  // worked example 2: 4.5 (weight 1) and 5.5 (weight 2)
  await page.keyboard.press('Tab');
  const montage = criterion(page, 'Montage').getByLabel('Note');
  await expect(montage).toBeFocused();
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowDown');
  await expect(montage).toHaveValue('4.5');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowDown');
  await expect(criterion(page, 'Contrôle final').getByLabel('Note')).toHaveValue('5.5');
  await expect(block(page, 'Travail pratique')).toContainText('Note du bloc : 5,2');
  // module TENTH: (3.7 + 5.2) / 2 = 4.45 → 4.5
  await expect(page.getByTestId('module-grade')).toHaveText('Note du module : 4,5');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Commentaire général')).toBeFocused();
  await page.keyboard.type('Bon cours.');
  await expect(page.getByTestId('save-state')).toHaveText(SAVED);

  // the server computed the same grades
  const stored = await page.request
    .get(`/api/assessments/${world.assessment}/`)
    .then((r) => r.json());
  expect(stored.grade).toBe('4.5');
  expect(stored.blocks.map((b: { evaluation: { grade: string } }) => b.evaluation.grade)).toEqual([
    '3.7',
    '5.2',
  ]);
  expect(stored.comment).toBe('Bon cours.');
  expect(stored.blocks[0].evaluation.comment).toBe('Consignes respectées.');
  expect(stored.blocks[0].criteria[3].evaluation.progression).toEqual(['OBSERVED', 'PRACTICED']);

  // how the grade was computed
  await page.getByRole('button', { name: 'Comment la note est calculée' }).click();
  const explanation = page.getByRole('dialog', { name: 'Comment la note est calculée' });
  await expect(explanation).toContainText('3,2 / 6 × 5 + 1 = 3,6667');
  await expect(explanation).toContainText('(4,5 × 1 + 5,5 × 2) / (1 + 2) = 5,1667');
  await expect(explanation).toContainText('Arrondi à 0,1 près : 4,5');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Valider' }).focus();
  await page.keyboard.press('Enter');
  // a second look first: the grade, what is left unevaluated, who can reopen; Cancel has the focus
  const confirm = page.getByRole('dialog', { name: 'Valider cette évaluation ?' });
  await expect(confirm).toContainText('Note du module : 4,5');
  await expect(confirm).toContainText('peut la rouvrir');
  await expectAccessible(page);
  await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assessment-status')).toHaveText('Validée');
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  // the button pressed is gone: the focus stays among the actions, not lost on the page
  await expect(page.getByRole('button', { name: 'Comment la note est calculée' })).toBeFocused();

  // the student now reads it
  await studentPage.reload();
  await expect(
    studentPage.getByRole('heading', { level: 1, name: `Évaluation de Aline ${tag}` }),
  ).toBeVisible();
  await expect(block(studentPage, 'Sécurité au travail')).toContainText('Note du bloc : 3,7');
  await expect(studentPage.getByTestId('module-grade')).toHaveText('Note du module : 4,5');
  await expect(studentPage.getByRole('button', { name: 'Valider' })).toHaveCount(0);
  await expectAccessible(studentPage);
  await studentContext.close();
});

test('two instructors edit at once on phones: the conflict is shown and nothing is lost', async ({
  browser,
}) => {
  const tag = uniqueTag('Cf');
  const world = await ownAssessment(browser, tag);
  const url = `/assessments/${world.assessment}`;
  const phone = { baseURL: BASE_URL, viewport: { width: 390, height: 844 } };
  const a = await (await browser.newContext(phone)).newPage();
  const b = await (await browser.newContext(phone)).newPage();
  await signIn(a, DEMO.instructor);
  await signIn(b, ENTERPRISE_INSTRUCTOR);
  await a.goto(url);
  await b.goto(url);
  await expect(b.getByTestId('save-state')).toHaveText(SAVED);
  const noHorizontalScroll = () =>
    b.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noHorizontalScroll()).toBe(true);
  await expectAccessible(b);

  // A saves first
  await criterion(a, 'Port des protections').getByLabel('Bien', { exact: true }).check();
  await expect(a.getByTestId('save-state')).toHaveText('Enregistrement…');
  await expect(a.getByTestId('save-state')).toHaveText(SAVED);

  // B, still on the old version, changes another criterion and the comment
  await criterion(b, 'Rangement du poste').getByLabel('Suffisant', { exact: true }).check();
  await b.getByLabel('Commentaire général').fill('Vu en atelier.');
  const alert = b.getByRole('alert');
  await expect(alert).toContainText('Modifiée par quelqu');
  await expect(b.getByTestId('save-state')).toHaveText(
    "Non enregistré : quelqu'un d'autre a modifié cette évaluation.",
  );
  // B's values are still on screen
  await expect(
    criterion(b, 'Rangement du poste').getByLabel('Suffisant', { exact: true }),
  ).toBeChecked();
  await expectAccessible(b);

  await alert.getByRole('button', { name: 'Reprendre leurs modifications' }).click();
  // A's change is there, B's are put back on top and listed
  await expect(
    criterion(b, 'Port des protections').getByLabel('Bien', { exact: true }),
  ).toBeChecked();
  await expect(
    criterion(b, 'Rangement du poste').getByLabel('Suffisant', { exact: true }),
  ).toBeChecked();
  await expect(alert).toContainText('Rangement du poste — Évaluation');
  await expect(alert).toContainText('la vôtre : Suffisant — la leur : —');
  await expect(alert).toContainText('la vôtre : Vu en atelier. — la leur : —');
  expect(await noHorizontalScroll()).toBe(true);
  await alert.getByRole('button', { name: 'Enregistrer mes modifications' }).click();
  await expect(b.getByTestId('save-state')).toHaveText(SAVED);
  // GOOD and SUFFICIENT of 2 points each: 3.2 / 4 × 5 + 1 = 5
  await expect(block(b, 'Sécurité au travail')).toContainText('Note du bloc : 5');

  const stored = await b.request.get(`/api/assessments/${world.assessment}/`).then((r) => r.json());
  const levels = stored.blocks[0].criteria.map(
    (c: { evaluation: { evaluation: string | null } }) => c.evaluation.evaluation,
  );
  expect(levels).toEqual(['GOOD', 'SUFFICIENT', null, null]);
  expect(stored.comment).toBe('Vu en atelier.');
  await a.context().close();
  await b.context().close();
});

test('saving survives a network failure; a course manager validates, closes, reopens, moves and deletes', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag('Ac');
  const world = await ownAssessment(browser, tag);
  const url = `/assessments/${world.assessment}`;
  await signIn(page, COURSE_MANAGER);
  await page.goto(url);
  const state = page.getByTestId('save-state');
  await expect(state).toHaveText(SAVED);

  // the network fails: the value stays on screen, retried, and leaving asks first
  const evaluations = '**/api/assessments/criteria/evaluations/**';
  let attempts = 0;
  await page.route(evaluations, (route) => {
    attempts += 1;
    return route.abort();
  });
  await criterion(page, 'Tri des déchets').getByLabel('Bien', { exact: true }).check();
  await expect(state).toContainText("Échec de l'enregistrement");
  await expect(
    criterion(page, 'Tri des déchets').getByLabel('Bien', { exact: true }),
  ).toBeChecked();
  // "retry now" tries again at once, while the network is still down
  const retryNow = page.getByRole('button', { name: 'Réessayer maintenant' });
  const before = attempts;
  await retryNow.click();
  await expect.poll(() => attempts).toBeGreaterThan(before);
  await expect(state).toContainText("Échec de l'enregistrement");
  await page.getByRole('link', { name: 'Accueil' }).click();
  const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  // back online: the next retry (automatic, or the button if it is still there) saves the value
  await page.unroute(evaluations);
  await retryNow.click({ timeout: 2_000 }).catch(() => {});
  await expect(state).toHaveText(SAVED, { timeout: 35_000 });
  await expect(block(page, 'Sécurité au travail')).toContainText('Note du bloc : 6');

  const status = page.getByTestId('assessment-status');
  await page.getByRole('button', { name: 'Valider' }).click();
  const confirm = page.getByRole('dialog', { name: 'Valider cette évaluation ?' });
  await confirm.getByRole('button', { name: 'Valider' }).click();
  await expect(status).toHaveText('Validée');
  await page.getByRole('button', { name: 'Clôturer' }).click();
  await expect(status).toHaveText('Clôturée');
  await page.getByRole('button', { name: 'Rouvrir' }).click();
  await expect(status).toHaveText('En cours');
  await page.getByRole('button', { name: 'Exclure du relevé de notes' }).click();
  await expect(page.getByText('Hors du relevé de notes')).toBeVisible();
  await page.getByRole('button', { name: 'Inclure dans le relevé de notes' }).click();
  await expect(page.getByText('Dans le relevé de notes', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Déplacer vers un autre groupe' }).click();
  const move = page.getByRole('dialog', { name: "Déplacer vers un autre groupe d'évaluation" });
  await move.getByLabel("Groupe d'évaluation").selectOption({ label: `Groupe ${tag} bis` });
  await expectAccessible(page);
  await move.getByRole('button', { name: 'Déplacer' }).click();
  await expect(page.getByText(`Module ${tag} · Groupe ${tag} bis`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Module ${tag}` })).toHaveAttribute(
    'href',
    /\/modules\/\d+$/,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`Aline ${tag}.*\\.pdf$`));

  await page.getByRole('button', { name: 'Supprimer' }).click();
  await page
    .getByRole('dialog', { name: 'Supprimer cette évaluation ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(page).not.toHaveURL(/assessments/);
  const gone = await page.request.get(`/api/assessments/${world.assessment}/`);
  expect(gone.status()).toBe(404);
});

test('a block of progression criteria only shows no block grade', async ({ page }) => {
  await signIn(page, DEMO.instructor);
  const list = await page.request.get('/api/assessments/?page_size=100').then((r) => r.json());
  const plan = (list.results as { id: number; module: { module_type: string } }[]).find(
    (a) => a.module.module_type === 'TRAINING_PLAN',
  )!;
  await page.goto(`/assessments/${plan.id}`);
  // progression criteria only: no grade line; a block with evaluation levels keeps its own
  await expect(block(page, 'Usinage conventionnel')).toContainText('Progression');
  await expect(block(page, 'Usinage conventionnel')).not.toContainText('Note du bloc');
  await expect(block(page, 'Contrôle de la qualité')).toContainText('Note du bloc : —');
});

test('the history says who changed what, from what to what, and when', async ({
  browser,
  page,
}) => {
  const tag = uniqueTag('Hi');
  const world = await ownAssessment(browser, tag);
  await signIn(page, DEMO.instructor);
  await page.goto(`/assessments/${world.assessment}`);
  const first = criterion(page, world.criteria[0]!);
  await first.getByRole('radio', { name: 'Bien', exact: true }).check();
  await expect(page.getByTestId('save-state')).toHaveText(SAVED);
  await first.getByRole('radio', { name: 'Suffisant', exact: true }).check();
  await expect(page.getByTestId('save-state')).toHaveText(SAVED);

  await page.getByText('Historique des modifications').click();
  await expect(page.getByText('3 modifications')).toBeVisible();
  const entries = page.getByTestId('history').locator(':scope > li');
  await expect(entries).toHaveCount(3);
  const me = `par ${await page.evaluate(async () => {
    const user = await (await fetch('/api/users/me/')).json();
    const profile = await (await fetch(`/api/profiles/${user.profile}/`)).json();
    return `${profile.first_name} ${profile.last_name}`;
  })}`;
  await expect(entries.nth(0)).toContainText(`Modification · Critère « ${world.criteria[0]} »`);
  await expect(entries.nth(0)).toContainText(me);
  await expect(entries.nth(0)).toContainText('Évaluation : Bien → Suffisant');
  await expect(entries.nth(1)).toContainText('Évaluation : — → Bien');
  await expect(entries.nth(2)).toContainText('Création · Évaluation');
  await expect(entries.nth(2)).toContainText('Statut : — → En cours');
  await expect(entries.nth(2)).toContainText(`Groupe : — → Groupe ${tag}`);
  await expect(entries.nth(2)).not.toContainText(me);
  await expectAccessible(page);
});
