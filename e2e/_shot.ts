import { chromium } from '@playwright/test';
const o = 'http://127.0.0.1:4692';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const [w, h, name] of [[1366, 900, 'desk'], [390, 844, 'phone']] as const) {
const c = await b.newContext({ viewport: { width: w, height: h } });
await c.request.get(o + '/api/about/'); const csrf = (await c.cookies()).find((k) => k.name === 'csrftoken')!.value;
await c.request.post(o + '/api/auth/login/', { headers: { 'x-csrftoken': csrf, origin: o }, data: { email: 'course-manager@demo.example.ch', password: 'demo-Lehrling-2026' } });
const page = await c.newPage();
const list = await (await c.request.get(o + '/api/modules/templates/?limit=1')).json() as any;
await page.goto(o + `/templates/${list.results[0].id}/edit`); await page.waitForTimeout(2500);
await page.screenshot({ path: `/tmp/tpl-${name}.png`, fullPage: false });
await c.close();
}
await b.close();
