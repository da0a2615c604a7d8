import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './helpers.ts';

// axe takes a few seconds a page on two shared cores
test.describe.configure({ timeout: 120_000 });

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function firstId(page: Page, url: string): Promise<number> {
  const response = await page.request.get(url);
  expect(response.ok(), url).toBe(true);
  const { results } = (await response.json()) as { results: { id: number }[] };
  expect(results.length, `${url} has a result`).toBeGreaterThan(0);
  return results[0]!.id;
}

test.describe('without a system preference', () => {
  test.use({ colorScheme: 'no-preference' });

  test('the light theme of the specification is the default', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('h1')).toBeVisible();
    expect(await background(page)).toBe('rgb(252, 253, 252)');
    await expect(page.locator('.app-button')).toHaveCSS('background-color', 'rgb(63, 81, 181)');
  });
});

test.describe('with a system that prefers dark', () => {
  test.use({ colorScheme: 'dark' });

  test('anonymous pages are dark and readable', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('h1')).toBeVisible();
    expect(await background(page)).toBe('rgb(18, 18, 18)');
    await expectAccessible(page);
    await page.getByRole('button').last().click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a student reads their assessments and grade summary in the dark', async ({ page }) => {
    await signIn(page, DEMO.student);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Dernières évaluations' })).toBeVisible();
    expect(await background(page)).toBe('rgb(18, 18, 18)');
    await expectAccessible(page);
    const me = (await (await page.request.get('/api/users/me/')).json()) as { profile: number };
    await page.goto(`/profiles/${me.profile}/grade-summary`);
    await expect(page.getByTestId('grade-chart')).toBeVisible();
    await expectAccessible(page);
  });

  test('staff evaluate, list and edit in the dark', async ({ page }) => {
    await signIn(page, DEMO.instructor);
    const assessment = await firstId(page, '/api/assessments/?status=IN_PROGRESS&limit=1');
    await page.goto(`/assessments/${assessment}`);
    await expect(page.getByTestId('save-state')).toBeVisible();
    await expectAccessible(page);
    const module = await firstId(page, '/api/modules/instances/?limit=1');
    await page.goto(`/modules/${module}`);
    await expect(page.getByTestId('module-status')).toBeVisible();
    await expectAccessible(page);
    await signIn(page, DEMO.admin);
    await page.goto('/profiles');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page);
    const template = await firstId(page, '/api/modules/templates/?limit=1');
    await page.goto(`/templates/${template}/edit`);
    await expect(page.getByRole('group').first()).toBeVisible();
    await expectAccessible(page);
  });
});
