import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

const FORMS = [
  { prefix: '', lang: 'fr', heading: 'Se connecter' },
  { prefix: '/fr', lang: 'fr', heading: 'Se connecter' },
  { prefix: '/de', lang: 'de', heading: 'Anmelden' },
  { prefix: '/it', lang: 'it', heading: 'Accedi' },
];

for (const form of FORMS) {
  test(`signed out, ${form.prefix || 'no prefix'} redirects to its login and comes back`, async ({
    page,
  }) => {
    await page.goto(`${form.prefix}/cohorts`);
    await expect(page).toHaveURL(`${form.prefix}/login?next=%2Fcohorts`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(form.heading);
    await expect(page.locator('html')).toHaveAttribute('lang', form.lang);

    await page.goto(form.prefix || '/');
    await expect(page).toHaveURL(`${form.prefix}/login`);
  });
}

test('the language cookie keeps the choice for 365 days and leads the next visit', async ({
  page,
  context,
}) => {
  await page.goto('/de/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('de');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  await page.goto('/forgot-password');
  await expect(page).toHaveURL('/de/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen');
});

test('without a cookie the browser languages decide, then French', async ({ browser }) => {
  const italian = await browser.newContext({ locale: 'it-CH' });
  const page = await italian.newPage();
  await page.goto('/');
  await expect(page).toHaveURL('/it/login');
  await italian.close();

  const english = await browser.newContext({ locale: 'en-GB' });
  const other = await english.newPage();
  await other.goto('/');
  await expect(other).toHaveURL('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
  await english.close();
});

test('the language switcher keeps the page and its query', async ({ page, context }) => {
  await page.goto('/login?next=%2Fstudents');
  await page
    .getByRole('navigation', { name: 'Langue' })
    .getByRole('link', { name: 'Italiano' })
    .click();
  await expect(page).toHaveURL('/it/login?next=%2Fstudents');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveTitle('Accesso - Evaluanda');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('it');

  await page
    .getByRole('navigation', { name: 'Lingua' })
    .getByRole('link', { name: 'Français' })
    .click();
  await expect(page).toHaveURL('/login?next=%2Fstudents');
  await expect(page).toHaveTitle('Connexion - Evaluanda');
});

test('on a 390 px phone every language is in reach, in the header and in the menu', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'it-CH',
  });
  const page = await phone.newPage();
  await signIn(page, DEMO.student);
  await page.goto('/it/');
  const header = page.getByRole('banner').getByRole('navigation', { name: 'Lingua' });
  for (const code of ['FR', 'DE', 'IT']) {
    const link = header.getByRole('link', { name: code });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, code).toBeLessThanOrEqual(390);
    // the accessible name begins with what is seen (WCAG 2.5.3)
    expect(await link.textContent()).toMatch(new RegExp(`^${code}`));
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Lingua' });
  await menu.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await phone.close();
});
