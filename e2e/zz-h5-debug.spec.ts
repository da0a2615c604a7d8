import { test } from '@playwright/test';
import { signIn } from '/work/main/e2e/helpers.ts';
test('debug', async ({ page }) => {
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await signIn(page, process.env.WHO ?? 'unit-admin@demo.example.ch');
  await page.goto(process.env.URL ?? '/profiles/63');
  await page.waitForTimeout(3000);
  console.log((await page.locator('main').innerText()).slice(0, 1500));
});
