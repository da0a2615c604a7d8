import { expect, test, type Page } from '@playwright/test';
import { DEMO, ownPerson, signIn } from './helpers.ts';

/**
 * The page's head names the messages, the code and, for a signed-in visitor, the first calls of
 * what the visitor will see (server/lib/start-hints.ts), so they load beside the entry. Each is
 * then fetched once: a hint the app did not take as it is (another language, another way of
 * asking) would be fetched twice.
 */
async function hintsOf(page: Page): Promise<{ hinted: string[]; fetched: string[] }> {
  const hinted = await page
    .locator('head link[rel="modulepreload"], head link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const fetchedNow = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
  // a hinted file loads beside the page, not necessarily before its heading shows
  await expect
    .poll(async () => {
      const fetched = await fetchedNow();
      return hinted.filter((file) => !fetched.includes(file));
    })
    .toEqual([]);
  return { hinted, fetched: await fetchedNow() };
}

const fetchedOnce = (fetched: string[], file: string) =>
  fetched.filter((path) => path === file).length;

test('the sign-in page loads its code and messages beside the entry, each once', async ({
  page,
}) => {
  await page.goto('/profiles');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter');
  const { hinted, fetched } = await hintsOf(page);
  expect(hinted).toContain('/locales/fr/messages.json');
  expect(hinted.some((file) => /\/login-page-[^/]+\.js$/.test(file))).toBe(true);
  expect(hinted).not.toContain('/api/users/me/');
  for (const file of hinted) expect(fetchedOnce(fetched, file), file).toBe(1);
});

test('on a phone in Italian, the sign-in page names the Italian messages and no French', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/it/profiles');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const { hinted, fetched } = await hintsOf(page);
  expect(hinted).toContain('/locales/it/messages.json');
  expect(hinted).not.toContain('/locales/fr/messages.json');
  expect(fetched.filter((file) => file.startsWith('/locales/'))).toEqual([
    '/locales/it/messages.json',
  ]);
  for (const file of hinted) expect(fetchedOnce(fetched, file), file).toBe(1);
});

test("an instructor's assessment page in German names its code, the German messages, who is signed in, their profile and the assessment", async ({
  page,
}) => {
  await signIn(page, DEMO.instructor);
  const list = await page.request.get('/api/assessments/?status=IN_PROGRESS&limit=1');
  const [assessment] = ((await list.json()) as { results: { id: number }[] }).results;
  const me = (await (await page.request.get('/api/users/me/')).json()) as { profile: number };
  // Chromium warns of a preload it found for a request but could not use (another credentials mode)
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`/de/assessments/${assessment!.id}`);
  await expect(page.getByRole('radiogroup').first()).toBeVisible();
  const { hinted, fetched } = await hintsOf(page);
  expect(hinted).toContain('/locales/de/messages.json');
  expect(hinted).not.toContain('/locales/fr/messages.json');
  expect(hinted.some((file) => /\/assessment-detail-page-[^/]+\.js$/.test(file))).toBe(true);
  expect(hinted.some((file) => /\/login-page-/.test(file))).toBe(false);
  expect(hinted).toContain('/api/users/me/');
  expect(hinted).toContain(`/api/profiles/${me.profile}/`);
  expect(hinted).toContain(`/api/assessments/${assessment!.id}/`);
  for (const file of hinted) expect(fetchedOnce(fetched, file), file).toBe(1);
  expect(warnings).toEqual([]);
});

test('a person yet to accept the data processing is named who they are, not their profile', async ({
  browser,
  page,
}) => {
  const email = await ownPerson(browser, { firstName: 'Lia', lastName: 'Indizi', role: 'STUDENT' });
  await signIn(page, email);
  await page.goto('/it/accept-data-processing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { hinted, fetched } = await hintsOf(page);
  expect(hinted).toContain('/api/users/me/');
  expect(hinted.some((file) => file.startsWith('/api/profiles/'))).toBe(false);
  for (const file of hinted) expect(fetchedOnce(fetched, file), file).toBe(1);
});
