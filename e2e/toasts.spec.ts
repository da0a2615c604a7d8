import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './env.ts';
import { DEMO } from './helpers.ts';

test('a toast is reached with F8 and closed with Escape', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(DEMO.instructor);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  const viewport = page.getByRole('region', { name: 'Notifications (F8)' });
  const toast = viewport.getByText('Vous êtes connecté·e.');
  await expect(toast).toBeVisible();

  await page.keyboard.press('F8');
  await expect(viewport.locator('ol')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(toast).toHaveCount(0);
});
