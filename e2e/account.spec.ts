import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD } from './env.ts';
import { apiPost, expectAccessible, ownPerson, signIn } from './helpers.ts';

const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';

test('the personal area lists one’s sessions, ends another one, changes the password, exports the data', async ({
  browser,
  page,
}) => {
  const email = await ownPerson(browser, {
    firstName: 'Ysolde',
    lastName: `Acc${Date.now() % 1_000_000}`,
    role: 'STUDENT',
  });
  const laptop = await browser.newContext({ baseURL: BASE_URL, userAgent: FIREFOX_MAC });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email);
  expect((await laptopPage.request.get('/api/users/me/')).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, email);
  await apiPost(page, '/api/users/me/accept-data-processing/', {});
  await page.goto('/');
  await page.locator('header button[aria-controls="app-navigation"]').click();
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  const sessions = page.getByTestId('own-sessions').locator(':scope > li');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.nth(0)).toContainText('Cet appareil');
  await expect(sessions.nth(1)).toContainText('Firefox · macOS');
  await expect(sessions.nth(1)).toContainText(/réseau \d+\.\d+\.\d+\.0\/24/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Terminer la session Firefox · macOS' }).click();
  await expect(page.getByText('La session est terminée.').first()).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect((await laptopPage.request.get('/api/users/me/')).status()).toBe(401);

  // a refusal lands next to its field and keeps what was typed
  await page.getByLabel('Mot de passe actuel').fill('not my password at all');
  await page.getByLabel(/^Nouveau mot de passe/).fill('a fresh passphrase 2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('a fresh passphrase 2026');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Le mot de passe actuel est incorrect')).toBeVisible();
  await expect(page.getByLabel(/^Nouveau mot de passe/)).toHaveValue('a fresh passphrase 2026');
  await page.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié.').first()).toBeVisible();
  await expect(page.getByLabel('Mot de passe actuel')).toHaveValue('');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^evaluanda-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(exported.login).toMatchObject([{ email }]);
  expect(exported.sessions).toHaveLength(1);
  const [readable] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger (PDF lisible)' }).click(),
  ]);
  expect(readable.suggestedFilename()).toMatch(/^evaluanda-data-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile((await readable.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/de/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Offene Sitzungen' })).toBeVisible();
  await laptop.close();
});

test('the personal area is open before the data-processing consent', async ({ browser, page }) => {
  const email = await ownPerson(browser, {
    firstName: 'Ysolde',
    lastName: `Con${Date.now() % 1_000_000}`,
    role: 'STUDENT',
  });
  await signIn(page, email);
  await page.goto('/');
  await expect(page).toHaveURL(/accept-data-processing/);
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByTestId('own-sessions').locator(':scope > li')).toHaveCount(1);
});
