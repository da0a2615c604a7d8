import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, LOCALES, prefix, signIn } from './helpers.ts';

// axe takes a few seconds a page on two shared cores
test.describe.configure({ timeout: 120_000 });

for (const locale of LOCALES) {
  test(`public pages have no axe violation in ${locale}`, async ({ page }) => {
    const pages = [
      '/login',
      '/forgot-password',
      '/set-password',
      '/set-password?user=1&token=abc',
      '/validate-invitation',
      '/data-processing-agreement',
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(`${prefix(locale)}${path}`);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (path === '/data-processing-agreement')
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectAccessible(page);
    }
    await page.goto(`${prefix(locale)}/login`);
    await page.getByRole('button').last().click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page);
  });

  test(`signed-in pages have no axe violation in ${locale}`, async ({ page }) => {
    await signIn(page, DEMO.admin);
    for (const path of ['/', '/profiles', '/no-such-page']) {
      await page.goto(`${prefix(locale)}${path}`);
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${prefix(locale)}/`);
    await page.locator('header button[aria-controls="app-navigation"]').click();
    await expect(page.locator('.MuiDrawer-paper a').first()).toBeVisible();
    await expectAccessible(page);
    await signIn(page, DEMO.student);
    await page.goto(`${prefix(locale)}/profiles`);
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expectAccessible(page);
  });
}
