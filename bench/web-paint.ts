/**
 * What a user on a school network waits for: the app with its demo data, opened in Chromium on
 * DevTools' "Slow 4G" (562.5 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with a 4× slower
 * CPU, each run in a new browser context (an empty cache). Prints the first contentful paint of the
 * sign-in page (index.html's start screen: the logo and "loading", before the app's code has come)
 * and the time until the criteria of an assessment show for a signed-in instructor, each the
 * median of RUNS, against the aims of the speed issue (3.5 s and 6 s); then, without an aim, the
 * time until the sign-in form shows and the criteria again for a returning user whose browser has
 * the app's code cached. Then what a course manager
 * waits for while typing in the template editor on the same slowed CPU: the script a keystroke in a
 * criterion's name runs (the median of KEYS keys). Run after a build (`npm run bench:paint`
 * builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD, demoLogin } from '../server/seed/demo-logins.ts';
import { CHROMIUM } from '../e2e/chromium.ts';
import { startEmbeddedApp, stopApp, untilHealthy } from './embedded-app.ts';

const PORT = 4692;
const origin = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

/** A page whose network and CPU are slowed as on a phone on a school's slow network. */
async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function signInPagePaint(context: BrowserContext): Promise<number> {
  const page = await slowPage(context);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  // the paint entry is written once the frame is shown, which may come after the button is found
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const paint = entries.getEntriesByName('first-contentful-paint')[0];
          if (paint) resolve(paint.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

/** Milliseconds from asking the sign-in page until its form shows (the app's code has run). */
async function signInFormShown(context: BrowserContext): Promise<number> {
  const page = await slowPage(context);
  await page.goto(`${origin}/login`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  return page.evaluate(() => performance.now());
}

/** Signs the context in as the demo login of `role`. */
async function signIn(context: BrowserContext, role: 'INSTRUCTOR' | 'COURSE_MANAGER') {
  await context.request.get(`${origin}/api/about/`);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
  const login = await context.request.post(`${origin}/api/auth/login/`, {
    headers: { 'x-csrftoken': csrf, origin },
    data: { email: demoLogin(role).email, password: DEFAULT_DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
}

/** Signs the context in as the demo instructor; answers the id of an assessment they are filling. */
async function instructorAssessment(context: BrowserContext): Promise<number> {
  await signIn(context, 'INSTRUCTOR');
  const list = await context.request.get(`${origin}/api/assessments/?status=IN_PROGRESS&limit=1`);
  return ((await list.json()) as { results: { id: number }[] }).results[0]!.id;
}

/** Milliseconds from asking the assessment page until its first criterion's choices show. */
async function untilCriteria(page: Page, id: number): Promise<number> {
  const started = Date.now();
  await page.goto(`${origin}/assessments/${id}`, { waitUntil: 'commit' });
  await page.getByRole('radiogroup').first().waitFor();
  return Date.now() - started;
}

async function criteriaShown(context: BrowserContext): Promise<number> {
  const id = await instructorAssessment(context);
  return untilCriteria(await slowPage(context), id);
}

/** A returning instructor opening a link: the app's code is in the browser's cache. */
async function criteriaShownCodeCached(context: BrowserContext): Promise<number> {
  const id = await instructorAssessment(context);
  const page = await slowPage(context);
  await untilCriteria(page, id);
  await page.goto('about:blank');
  return untilCriteria(page, id);
}

const KEYS = 30;

/**
 * Milliseconds of script one keystroke in a criterion's name runs, until React has rendered it
 * (the median of KEYS keys; painting is not counted), on the demo's largest template a course
 * manager may change.
 */
async function editorKeystroke(context: BrowserContext): Promise<number> {
  await signIn(context, 'COURSE_MANAGER');
  const get = async <T>(url: string) =>
    (await (await context.request.get(origin + url)).json()) as T;
  const list = await get<{ results: { id: number }[] }>('/api/modules/templates/?limit=100');
  const sizes = await Promise.all(
    list.results.map(async ({ id }) => {
      const detail = await get<{ permissions: { change: boolean } }>(
        `/api/modules/templates/${id}/`,
      );
      return { id, size: detail.permissions.change ? JSON.stringify(detail).length : 0 };
    }),
  );
  const largest = sizes.sort((a, b) => b.size - a.size)[0]!;
  const page = await slowPage(context);
  await page.goto(`${origin}/templates/${largest.id}/edit`);
  await page.getByLabel('Nom du critère').last().click();
  const times = await page.evaluate(async (keys) => {
    const field = document.activeElement as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const spent: number[] = [];
    for (let key = 0; key < keys; key++) {
      const started = performance.now();
      setValue.call(field, `${field.value}x`);
      // React handles the typed character and renders before dispatchEvent returns
      field.dispatchEvent(new Event('input', { bubbles: true }));
      spent.push(performance.now() - started);
      await new Promise((frame) => requestAnimationFrame(() => setTimeout(frame, 0)));
    }
    return spent;
  }, KEYS);
  return median(times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'web-paint-'));
const app = startEmbeddedApp({ script: 'server/main.ts', dataDir, port: PORT });
await untilHealthy(app, origin);
const browser = await chromium.launch(CHROMIUM);
try {
  const measures = [
    { name: 'sign-in page, first paint', aim: 3500, run: signInPagePaint },
    { name: '  its form shown', run: signInFormShown },
    { name: 'assessment page, criteria shown', aim: 6000, run: criteriaShown },
    { name: '  the same, code already cached', run: criteriaShownCodeCached },
  ];
  console.log(
    `Slow 4G, CPU ${CPU_SLOWDOWN}× slower, a new browser context each run, median of ${RUNS}`,
  );
  for (const measure of measures) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ locale: 'fr-CH' });
      times.push(await measure.run(context));
      await context.close();
    }
    const ms = median(times);
    const aim =
      measure.aim === undefined
        ? ''
        : `  (aim ≤ ${(measure.aim / 1000).toFixed(1)} s${ms > measure.aim ? ', over' : ''})`;
    console.log(`${measure.name.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(5)} s${aim}`);
  }
  const context = await browser.newContext({ locale: 'fr-CH' });
  const keystroke = await editorKeystroke(context);
  await context.close();
  console.log(
    `${'template editor, one keystroke'.padEnd(34)} ${keystroke.toFixed(1).padStart(5)} ms`,
  );
} finally {
  await browser.close();
  await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
}
