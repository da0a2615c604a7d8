import { expect, test } from '@playwright/test';

test('a chunk that fails to load reloads the page once, not in a loop', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter');
  expect(loads).toBe(1);

  // the forgot-password page's code never arrives, as after a deployment removed it
  await page.route(/\/assets\/forgot-password-page-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();

  // one reload, then the guard stops the loop and the error page shows
  await expect(page.getByTestId('error-status')).toHaveText('500');
  await expect(page).toHaveURL('/forgot-password');
  expect(loads).toBe(2);
  const reloadedAt = await page.evaluate(() => Number(sessionStorage.getItem('reload-guard')));
  expect(reloadedAt).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
  expect(loads).toBe(2);
});
