import { chromium } from '@playwright/test';
import { CHROMIUM } from './chromium.ts';
const browser = await chromium.launch(CHROMIUM);
const base = 'http://localhost:4692';
async function shoot(email: string, path: string, file: string, width: number) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.request.get('/api/about/');
  const token = (await context.cookies()).find((c) => c.name === 'csrftoken')!.value;
  await page.request.post('/api/auth/login/', { data: { email, password: 'demo-Lehrling-2026' }, headers: { 'X-CSRFToken': token } });
  await page.goto(path);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/${file}.png`, fullPage: false });
  await context.close();
}
const modules = await (async () => {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.request.get('/api/about/');
  const token = (await context.cookies()).find((c) => c.name === 'csrftoken')!.value;
  await page.request.post('/api/auth/login/', { data: { email: 'course-manager@demo.example.ch', password: 'demo-Lehrling-2026' }, headers: { 'X-CSRFToken': token } });
  const r = await page.request.get('/api/modules/instances/?module_type=TRAINING_PLAN&limit=1').then((x) => x.json());
  await context.close();
  return r.results[0].id;
})();
await shoot('course-manager@demo.example.ch', '/students/at-risk', 'atrisk-phone', 390);
await shoot('course-manager@demo.example.ch', '/de/students/at-risk', 'atrisk-desk', 1280);
await shoot('course-manager@demo.example.ch', `/modules/${modules}/progression`, 'prog-desk', 1280);
await shoot('course-manager@demo.example.ch', `/it/modules/${modules}/progression`, 'prog-phone', 390);
await shoot('student@demo.example.ch', '/notifications', 'notif-phone', 390);
await shoot('student@demo.example.ch', '/account', 'account-desk', 1280);
await browser.close();
