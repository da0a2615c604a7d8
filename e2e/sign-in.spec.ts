import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './env.ts';
import { DEMO, expectAccessible } from './helpers.ts';

test('login → accept data processing → home, in German', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/de/login');
  await page.getByLabel('E-Mail-Adresse').fill(DEMO.legalRepresentative);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL('/de/accept-data-processing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenbearbeitung');
  await expect(page.getByRole('heading', { name: '9. Ihre Rechte' })).toBeVisible();
  await expectAccessible(page);

  // any other page sends back here until accepted
  await page.goto('/de/data-processing-agreement');
  await expect(page).toHaveURL(/\/de\/accept-data-processing/);

  for (const [name, lang] of [
    ['Italiano', 'it'],
    ['Français', 'fr'],
  ] as const) {
    await page.getByRole('link', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('link', { name: 'Deutsch' }).click();

  const accept = page.getByRole('button', { name: 'Zustimmen und fortfahren' });
  await expect(accept).toBeDisabled();
  await page
    .getByLabel('Ich habe die Vereinbarung über die Datenbearbeitung gelesen und stimme ihr zu')
    .check();
  await accept.click();

  await expect(page).toHaveURL('/de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Guten Tag /);
  await expect(page).toHaveTitle('Startseite - Evaluanda');
  // the home page leads to the grade summary of each student she represents: the two Morel
  // minors of the demo (people-profiles.spec.ts may give her another)
  for (const ward of ['Camille Morel', 'Julien Morel'])
    await expect(
      page.getByRole('link', { name: new RegExp(`^Notenübersicht von ${ward}`) }),
    ).toBeVisible();
});

test('login comes back to the wanted page', async ({ page }) => {
  await page.goto('/it/students');
  await expect(page).toHaveURL('/it/login?next=%2Fstudents');
  await page.getByLabel('Indirizzo e-mail').fill(DEMO.instructor);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL('/it/students');
  await expect(page).toHaveTitle('Persone in formazione - Evaluanda');
  const navigation = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect(
    navigation.getByRole('link', { name: 'Persone in formazione', exact: true }),
  ).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Profili' })).toHaveCount(0);

  // switching language while signed in keeps the page and reloads the roles in that language
  const roles = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/assignments/metadata/') &&
      request.headers()['accept-language'] === 'de',
  );
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL('/de/students');
  await roles;
  await expect(page).toHaveTitle('Lernende - Evaluanda');
});

test('a refused login keeps what was typed and says why next to the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const email = page.getByLabel('Adresse e-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await email.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Ce champ est obligatoire');

  await email.fill('pas-une-adresse');
  await page.getByLabel('Mot de passe').fill('x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(
    'Veuillez saisir une adresse e-mail valide',
  );

  await email.fill(DEMO.student);
  await page.getByLabel('Mot de passe').fill('wrong-password-123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(email).toHaveValue(DEMO.student);
  await expect(page).toHaveURL('/login');
});

test('logout ends the session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(DEMO.instructor);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/');
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Se déconnecter' })
    .click();
  await expect(page).toHaveURL('/login');
  await page.goto('/profiles');
  await expect(page).toHaveURL('/login?next=%2Fprofiles');
});

test('anonymous pages open without one console error or warning, in every language', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  // a signed-in page opened without a session leads to the sign-in page, asking nothing first
  for (const path of ['/login', '/de/forgot-password', '/it/login', '/assessments/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(messages).toEqual([]);
});

test("a slow network shows the start screen in the visitor's language until the page comes", async ({
  page,
}) => {
  // the app's code held back, as on a slow network: only the page itself has come
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/de/login', { waitUntil: 'commit' });
  const startScreen = page.locator('#start-screen');
  await expect(startScreen).toContainText('Evaluanda');
  await expect(startScreen).toContainText('Wird geladen…');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  release();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(startScreen).toHaveCount(0);
});
