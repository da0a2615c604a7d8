import { chromium } from '@playwright/test';
const BASE = 'http://localhost:4693';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
async function as(email: string, w = 1280, h = 900) {
  const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const csrf = await page.request.get('/api/about/');
  const token = (await ctx.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const r = await page.request.post('/api/auth/login/', { data: { email, password: 'demo-Lehrling-2026' }, headers: { 'x-csrftoken': token } });
  console.log(email, r.status());
  return page;
}
const shot = async (page: any, name: string) => { await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true }); };
const ins = await as('instructor@demo.example.ch');
await ins.goto('/');
await shot(ins, 'ins-home');
const list = await (await ins.request.get('/api/assessments/?status=IN_PROGRESS&limit=1000')).json();
const trs = list.results.filter((a: any) => a.module.module_type === 'TRAINING_REPORT');
let target = trs[0].id;
for (const a of trs) { const s = await (await ins.request.get(`/api/assessments/${a.id}/self-assessment/`)).json(); if (s.submitted_at) target = a.id; }
await ins.goto(`/assessments/${target}`);
await shot(ins, 'ins-report');
await ins.goto('/training-reports/due');
await shot(ins, 'ins-due');
const stu = await as('student@demo.example.ch', 390, 844);
await stu.goto('/');
await shot(stu, 'stu-home');
await browser.close();
