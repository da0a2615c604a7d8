import { expect, test, type Browser } from '@playwright/test';
import { BASE_URL } from './env.ts';
import {
  apiPost,
  DEMO,
  expectAccessible,
  lastMailTo,
  ownPerson,
  prefix,
  signIn,
  uniqueTag,
  type Locale,
} from './helpers.ts';

const COURSE_MANAGER = 'course-manager@demo.example.ch';
const PHONE = { width: 390, height: 844 };

const AT_RISK: Record<
  Locale,
  { heading: string; falling: string; summary: string; loading: string }
> = {
  fr: {
    heading: 'Apprenti·e·s à risque',
    falling: 'Notes en baisse',
    summary: 'Signaux d’alerte',
    loading: 'Chargement…',
  },
  de: {
    heading: 'Gefährdete Lernende',
    falling: 'Sinkende Noten',
    summary: 'Warnsignale',
    loading: 'Wird geladen…',
  },
  it: {
    heading: 'Persone in formazione a rischio',
    falling: 'Note in calo',
    summary: 'Segnali d’allerta',
    loading: 'Caricamento…',
  },
};

for (const locale of ['fr', 'de', 'it'] as const) {
  test(`a course manager finds the students at risk on a phone (${locale})`, async ({ page }) => {
    const texts = AT_RISK[locale];
    await page.setViewportSize(PHONE);
    await signIn(page, COURSE_MANAGER);
    await page.goto(`${prefix(locale)}/students/at-risk`);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    const list = page.getByRole('list', { name: texts.heading });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);
    // only falling grades: until they come, the list says it is loading over the last answer
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const filtered = /\/api\/students\/at-risk\/\?.*reason=FALLING_GRADES/;
    await page.route(filtered, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('combobox').nth(0).selectOption({ label: texts.falling });
    await expect(page).toHaveURL(/reason=FALLING_GRADES/);
    const loading = page.getByRole('status').getByText(texts.loading);
    await expect(loading).toBeVisible();
    await expect(page.locator('[aria-busy="true"]').filter({ has: list })).toHaveCount(1);
    release();
    await expect(loading).toHaveCount(0);
    await page.unroute(filtered);
    // each student's reasons then say so, and lead to their source
    const reason = list.getByRole('link', { name: new RegExp(texts.falling) }).first();
    await expect(reason).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // the student's grade summary shows the same signs at the top
    await list.getByRole('listitem').first().getByRole('link').first().click();
    const signs = page.getByRole('region', { name: texts.summary });
    await expect(signs.getByRole('link', { name: new RegExp(texts.falling) })).toBeVisible();
  });
}

test('an admin chooses a unit, then one of its groups, to narrow the students at risk', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/students/at-risk');
  const list = page.getByRole('list', { name: AT_RISK.fr.heading });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // the canton's groups are offered only within a unit
  const group = page.getByRole('combobox', { name: 'Groupe' });
  await expect(group).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Unité' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/unit=\d+/);
  await expect(group).toBeVisible();
  await group.selectOption({ index: 1 });
  await expect(page).toHaveURL(/group=\d+/);
  // the option names the group first, then its module: "Groupe A (Module …)"
  const chosen = (await group.locator('option:checked').textContent())!.replace(/ \(.*\)$/, '');
  // every student listed then has a reason from that group, which each reason names
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(list.getByRole('listitem').first()).toBeVisible();
  for (const item of await list.getByRole('listitem').all())
    await expect(item).toContainText(`(${chosen})`);
});

/** A module with a group in Lausanne, and an assessment of `studentEmail` in it, graded 5. */
async function assessmentOf(browser: Browser, studentEmail: string, tag: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const templates = await page.request
    .get(`/api/modules/templates/?unit=${unit}&status=ACTIVE&module_type=INTERCOMPANY_COURSE`)
    .then((r) => r.json());
  const module = await apiPost<{ id: number }>(
    page,
    `/api/modules/templates/${templates.results[0].id}/instanciate/`,
    { name: `Module ${tag}` },
  );
  const group = await apiPost<{ id: number }>(page, '/api/assessments/groups/', {
    name: `Groupe ${tag}`,
    module: module.id,
  });
  const profiles = await page.request
    .get(`/api/profiles/?search=${encodeURIComponent(studentEmail)}`)
    .then((r) => r.json());
  const assessment = await apiPost<{ id: number }>(
    page,
    `/api/modules/instances/${module.id}/instanciate/`,
    { module: module.id, group: group.id, student: profiles.results[0].id },
  );
  return {
    validate: async () => {
      await apiPost(page, `/api/assessments/${assessment.id}/validate/`, {});
      await context.close();
    },
    id: assessment.id,
  };
}

test('a student is told of a validation: bell, inbox, mail and its unsubscribe link', async ({
  browser,
  page,
}) => {
  const tag = uniqueTag('Nt');
  const email = await ownPerson(browser, { firstName: 'Nadia', lastName: tag, role: 'STUDENT' });
  const assessment = await assessmentOf(browser, email, tag);
  await page.setViewportSize(PHONE);
  await signIn(page, email);
  await apiPost(page, '/api/users/me/accept-data-processing/', {});
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Notifications, aucune non lue' })).toBeVisible();
  await assessment.validate();
  await page.reload();
  const bell = page.getByRole('link', { name: 'Notifications, 1 non lue' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('link', { name: new RegExp(`Nadia ${tag} : l’évaluation`) });
  await expect(item).toBeVisible();
  await expectAccessible(page);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/assessments/${assessment.id}$`));
  await expect(page.getByRole('link', { name: 'Notifications, aucune non lue' })).toBeVisible();

  // the mail's link stops these mails without signing in, and only these
  const mail = await lastMailTo(email);
  expect(mail).toContain(`Module ${tag}`);
  expect(mail).toContain(`/assessments/${assessment.id}\n`);
  const link = /(http:\/\/\S+\/unsubscribe\?token=[\w-]+)/.exec(mail)![1]!;
  const strangers = await browser.newContext({ baseURL: BASE_URL });
  const stranger = await strangers.newPage();
  await stranger.goto(link.replace(/^http:\/\/[^/]+/, BASE_URL));
  await expect(stranger.getByRole('heading', { name: 'Se désabonner' })).toBeVisible();
  await expectAccessible(stranger);
  await stranger.getByRole('button', { name: 'Ne plus recevoir ces courriels' }).click();
  await expect(
    stranger.getByText(/vous ne recevrez plus de courriels « Évaluation validée »/),
  ).toBeVisible();
  await strangers.close();
  await page.goto('/account');
  await expect(page.getByLabel(/Une de vos évaluations/)).toHaveValue('NEVER');
  await expect(page.getByLabel('Une note insuffisante est validée')).toHaveValue('AT_ONCE');
});

test('one’s account sets the language and how often mail comes', async ({ browser, page }) => {
  const tag = uniqueTag('Ac');
  const email = await ownPerson(browser, { firstName: 'Ilaria', lastName: tag, role: 'STUDENT' });
  await signIn(page, email);
  await apiPost(page, '/api/users/me/accept-data-processing/', {});
  await page.goto('/account');
  await page.getByLabel('Une note insuffisante est validée').selectOption('WEEKLY');
  await expect(page.getByText('Vos préférences sont enregistrées.', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('it');
  await expect(page).toHaveURL(/\/it\/account/);
  await expect(page.getByRole('heading', { level: 1, name: 'Il mio account' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Viene convalidata una nota insufficiente')).toHaveValue('WEEKLY');
  await expectAccessible(page);
});
