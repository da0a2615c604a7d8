import { expect, test } from '@playwright/test';

test('after a new build is out, the next navigation is a full page reload', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  await page.route('**/build-manifest.json', (route) =>
    route.fulfill({ json: { id: 'a-newer-build', version: '9.9.9' } }),
  );
  const polled = page.waitForRequest('**/build-manifest.json');
  await page.goto('/login');
  await polled;
  expect(loads).toBe(1);

  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
  expect(loads).toBe(2);
});

test('while the build is the same, navigation stays in the page', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  const polled = page.waitForResponse('**/build-manifest.json');
  await page.goto('/login');
  expect((await polled).status()).toBe(200);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
  expect(loads).toBe(1);
});

test('bots get no error page, only a log line', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/no-such-page');
  await expect.poll(() => errors.join('\n')).toContain('Page Not Found: /no-such-page');
  await expect(page.getByTestId('error-status')).toHaveCount(0);
  await context.close();
});
