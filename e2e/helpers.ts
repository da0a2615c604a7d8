import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { totpCode, totpStepAt } from '../server/auth/totp.ts';
import { DEMO_TOTP_SECRET } from '../server/seed/demo-logins.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { BASE_URL, DATA_DIR, DEMO_PASSWORD, MAIL_DIR, ROOT } from './env.ts';

export const LOCALES = ['fr', 'de', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`);

export const DEMO = {
  admin: 'admin@demo.example.ch',
  student: 'student@demo.example.ch',
  instructor: 'instructor@demo.example.ch',
  legalRepresentative: 'legal-representative@demo.example.ch',
};

async function csrfToken(context: BrowserContext, request: APIRequestContext): Promise<string> {
  await request.get('/api/about/');
  const cookie = (await context.cookies(BASE_URL)).find((c) => c.name === 'csrftoken');
  if (!cookie) throw new Error('No csrftoken cookie');
  return cookie.value;
}

/**
 * A tag for the names a test creates, unique within the run: letters only, since other specs
 * search the shared lists for numbers such as "187".
 */
export const uniqueTag = (prefix = '') =>
  prefix +
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

/** An API call with the browser context's cookies and CSRF token. */
export async function apiPost<T = unknown>(page: Page, url: string, data: object): Promise<T> {
  const token = await csrfToken(page.context(), page.request);
  const response = await page.request.post(url, { data, headers: { 'X-CSRFToken': token } });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => ({}))) as T;
}

/** A PATCH with the browser context's cookies and CSRF token. */
export async function apiPatch<T = unknown>(page: Page, url: string, data: object): Promise<T> {
  const token = await csrfToken(page.context(), page.request);
  const response = await page.request.patch(url, { data, headers: { 'X-CSRFToken': token } });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The sessions of demo logins that proved their second factor, kept for every worker of the run
 * in a file beside the server's data: a worker that restarts after a failed test reuses them
 * instead of spending another code (each is accepted once per login).
 */
const PROVED_SESSIONS = path.join(DATA_DIR, 'e2e-proved-sessions.json');
const provedSessions = {
  get: async (email: string): Promise<Cookie[] | undefined> => {
    const text = await readFile(PROVED_SESSIONS, 'utf8').catch(() => '{}');
    return (JSON.parse(text) as Record<string, Cookie[]>)[email];
  },
  set: async (email: string, cookies: Cookie[]) => {
    const text = await readFile(PROVED_SESSIONS, 'utf8').catch(() => '{}');
    const all = { ...(JSON.parse(text) as Record<string, Cookie[]>), [email]: cookies };
    await writeFile(PROVED_SESSIONS, JSON.stringify(all));
  },
};

/**
 * Proves the demo second factor with the app's current code. A code is accepted once per login:
 * when another worker just spent it, the next step's code (the server allows one step of drift)
 * or, at worst, a fresh step's or the one after it (a worker that restarts after a failed test
 * proves again) does.
 */
async function proveDemoSecondFactor(page: Page) {
  const token = await csrfToken(page.context(), page.request);
  const attempts = [
    { wait: 0, drift: 0 },
    { wait: 0, drift: 1 },
    { wait: 31_000, drift: 0 },
    { wait: 0, drift: 1 },
  ];
  for (const { wait, drift } of attempts) {
    await page.waitForTimeout(wait);
    const code = totpCode(DEMO_TOTP_SECRET, totpStepAt(new Date()) + drift);
    const answer = await page.request.post('/api/auth/second-factor/', {
      data: { code },
      headers: { 'X-CSRFToken': token },
    });
    if (answer.ok()) return;
  }
  throw new Error('The demo second factor was refused');
}

/**
 * Signs in through the API: the browser context then holds the session cookie. A demo login that
 * needs a second factor proves it once per worker; its session is reused by the worker's next tests.
 * The context's session (and its CSRF token) goes before a sign-in: the server ends the session a
 * sign-in replaces, and a kept one is shared by every worker of the run.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const kept = await provedSessions.get(email);
  if (kept) {
    await page.context().addCookies(kept);
    const me = await page.request.get('/api/users/me/');
    if (me.ok() && (await me.json()).second_factor === 'VERIFIED') return;
  }
  await page.context().clearCookies({ name: /^(sessionid|csrftoken)$/ });
  const me = await apiPost<{ second_factor: string }>(page, '/api/auth/login/', {
    email,
    password,
  });
  if (me.second_factor !== 'PENDING') return;
  await proveDemoSecondFactor(page);
  await provedSessions.set(email, await page.context().cookies(BASE_URL));
}

/**
 * A person of their own in Lausanne, with a login and the demo password, created by the demo
 * admin: for tests that end sessions or set up second factors, which must not touch the shared
 * demo logins. Answers the login's address.
 */
export async function ownPerson(
  browser: Browser,
  person: { firstName: string; lastName: string; role: 'STUDENT' | 'UNIT_ADMIN' },
): Promise<string> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  const units = await page.request.get('/api/units/').then((r) => r.json());
  const unit: number = units.results.find((u: { code: string }) => u.code === 'CIE-LAU').id;
  const email = `${person.firstName}-${person.lastName}@example.ch`.toLowerCase();
  const profile = await apiPost<{ id: number }>(page, '/api/profiles/', {
    first_name: person.firstName,
    last_name: person.lastName,
    email,
    assignments: [{ unit, role: person.role }],
  });
  await apiPost(page, '/api/users/register/', {
    email,
    profile: profile.id,
    password: DEMO_PASSWORD,
  });
  await context.close();
  return email;
}

/** axe's rules, its experimental ones too (label-content-name-mismatch: WCAG 2.5.3, td-has-header…). */
const AXE_RULES = Object.fromEntries(
  axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]),
);

/**
 * Focus guards (focus-order-semantics): an open dialog's focus trap (MUI) and the toasts' region
 * (Radix) keep empty focusable elements at their edges that pass focus on at once, so no reader
 * ever stops on them.
 */
const AXE_EXCLUDED = [
  '[data-testid="sentinelStart"]',
  '[data-testid="sentinelEnd"]',
  '[role="region"]:has(> ol.toast-viewport) > span[tabindex="0"]',
];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core finds no violation on the page, or in its part `within` (a selector), once the page's
 * finite animations have ended (a button fading in from disabled would read as low contrast).
 * axe runs in the page itself, loaded once per document: a check takes a fifth of the time it
 * took through @axe-core/playwright, which loads axe again for every check and finishes each in
 * a new tab.
 */
export async function expectAccessible(page: Page, within?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // evaluated as a script of its own, so the page's Content-Security-Policy does not apply
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe))))
    await page.evaluate(axe.source);
  const summary = await page.evaluate(
    async ({ context, rules }) => {
      const results = await (window as AxeWindow).axe!.run(context, {
        rules,
        resultTypes: ['violations'],
      });
      return results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    },
    {
      context: within ? { include: [within], exclude: AXE_EXCLUDED } : { exclude: AXE_EXCLUDED },
      rules: AXE_RULES,
    },
  );
  expect(summary, `axe on ${page.url()}`).toEqual([]);
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest mail the server wrote for a recipient (an .eml file under DATA_DIR/mail). */
export async function lastMailTo(recipient: string): Promise<string> {
  // the server's mail outbox sends just after the request's commit: wait for it a moment
  for (let waited = 0; waited < 10_000; waited += 100) {
    const mail = await findMailTo(recipient);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${recipient} in ${MAIL_DIR}`);
}

async function findMailTo(recipient: string): Promise<string | undefined> {
  const files = (await readdir(MAIL_DIR).catch(() => []))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = await readFile(path.join(MAIL_DIR, file), 'utf8');
    if (new RegExp(`^To: .*${recipient.replace(/[.]/g, '\\.')}`, 'mi').test(text))
      return decodeQuotedPrintable(text);
  }
  return undefined;
}

/** The text of a PDF's pages, as a reader copying it out would get it. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    // the PDF's standard fonts, read from the package (without them pdf.js warns on each page)
    standardFontDataUrl: path.join(ROOT, 'node_modules/pdfjs-dist/standard_fonts/'),
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}
