/**
 * `npm run bench`: generates a dataset in a fresh PostgreSQL database, starts our real server and
 * the raw baseline (bench/baseline.ts) in their own processes, signs in as ADMIN, checks both
 * answer the same JSON, then measures each endpoint with autocannon and prints req/s and p99.
 *
 *   BENCH_DATABASE_URL  server to create bench_<timestamp> on (default local postgres)
 *   BENCH_SCALE         dataset scale, 1 = canton (default 1)
 *   BENCH_SECONDS       seconds per measurement (default 10)
 *   BENCH_KEEP_DB=true  keep the database afterwards
 *   --smoke             scale 0.0005 and 2-second runs (CI)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { PROFILE_MAX_PAGE_SIZE } from '../domain/schemas/profiles.ts';
import { BENCH_ADMIN, generate } from './generate.ts';

const smoke = process.argv.includes('--smoke');
const SCALE = Number(process.env.BENCH_SCALE ?? (smoke ? 0.0005 : 1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (smoke ? 2 : 10));
const CONNECTIONS = 10;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// the spec's 5,000-row list, within what the profile list accepts (domain/schemas/page.ts)
const PROFILE_ROWS = Math.min(5000, PROFILE_MAX_PAGE_SIZE);
const here = import.meta.dirname;
const node = process.execPath;

interface Figures {
  endpoint: string;
  path: string;
  ours: { rps: number; p99: number; errors: number };
  baseline: { rps: number; p99: number; errors: number };
  ratio: number;
  same_json: boolean;
}

function startProcess(
  script: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [path.join(here, script)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Signs in as the bench ADMIN through our API; answers the Cookie header for both servers. */
async function signIn(origin: string): Promise<string> {
  const about = await fetch(`${origin}/api/about/`);
  const csrf = /csrftoken=([^;]+)/.exec(about.headers.getSetCookie().join(';'))![1]!;
  const login = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
    },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const session = /sessionid=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;
  return `csrftoken=${csrf}; sessionid=${session}`;
}

/** The first path where two JSON values differ, to say what to fix. */
function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as never)[key], (b as never)[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at}: ours ${JSON.stringify(a)?.slice(0, 120)} / baseline ${JSON.stringify(b)?.slice(0, 120)}`;
}

async function measure(url: string, cookie: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, 'accept-language': 'fr' },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const name = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];
  try {
    console.log(`dataset at scale ${SCALE} in ${name}`);
    const dataset = await generate(databaseUrl, SCALE);
    const ours = await startProcess('serve.ts', databaseUrl);
    children.push(ours.child);
    const baseline = await startProcess('baseline.ts', databaseUrl);
    children.push(baseline.child);
    const cookie = await signIn(`http://127.0.0.1:${ours.port}`);
    const endpoints = [
      {
        endpoint: 'assessment detail (100 criteria)',
        path: `/api/assessments/${dataset.detailAssessmentId}/`,
      },
      {
        endpoint: 'grade summary',
        path: `/api/profiles/${dataset.summaryStudentId}/grade-summary/`,
      },
      {
        endpoint: `profile list (${PROFILE_ROWS} rows)`,
        path: `/api/profiles/?limit=${PROFILE_ROWS}`,
      },
    ];
    const figures: Figures[] = [];
    for (const e of endpoints) {
      const get = async (port: number) => {
        const response = await fetch(`http://127.0.0.1:${port}${e.path}`, { headers: { cookie } });
        if (response.status !== 200)
          throw new Error(`${e.path} on port ${port}: ${response.status}`);
        return response.json();
      };
      const difference = firstDifference(await get(ours.port), await get(baseline.port));
      if (difference) console.log(`NOT the same JSON for ${e.endpoint}: ${difference}`);
      const warm = Math.min(2, SECONDS);
      if (!smoke) {
        await measure(`http://127.0.0.1:${ours.port}${e.path}`, cookie, warm);
        await measure(`http://127.0.0.1:${baseline.port}${e.path}`, cookie, warm);
      }
      const o = await measure(`http://127.0.0.1:${ours.port}${e.path}`, cookie, SECONDS);
      const b = await measure(`http://127.0.0.1:${baseline.port}${e.path}`, cookie, SECONDS);
      figures.push({
        ...e,
        ours: o,
        baseline: b,
        ratio: Number((o.rps / b.rps).toFixed(2)),
        same_json: !difference,
      });
    }
    print(figures);
    const underExports = await meWhilePdfsRender(`http://127.0.0.1:${ours.port}`, cookie, dataset);
    const results = path.join(here, 'results');
    mkdirSync(results, { recursive: true });
    const report = {
      at: new Date().toISOString(),
      scale: SCALE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      dataset,
      figures,
      under_exports: underExports,
    };
    writeFileSync(path.join(results, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    const failed = figures.some(
      (f) => f.ours.errors > 0 || f.baseline.errors > 0 || f.ours.rps === 0,
    );
    if (failed) throw new Error('some requests failed during the measurement');
  } finally {
    for (const child of children) child.kill();
    if (process.env.BENCH_KEEP_DB !== 'true') {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

/**
 * `/users/me/` alone, then while 4 clients download the assessment PDF without pause: the PDFs
 * render in worker threads (server/exports/render-pool.ts), so the cheap call should not wait.
 */
async function meWhilePdfsRender(
  origin: string,
  cookie: string,
  dataset: { detailAssessmentId: number },
) {
  const me = `${origin}/api/users/me/`;
  const alone = await measure(me, cookie, SECONDS);
  let rendering = true;
  let pdfs = 0;
  const renderer = async () => {
    while (rendering) {
      const response = await fetch(`${origin}/api/assessments/${dataset.detailAssessmentId}/pdf/`, {
        headers: { cookie },
      });
      if (response.status !== 200) throw new Error(`PDF answered ${response.status}`);
      await response.arrayBuffer();
      pdfs++;
    }
  };
  const renderers = Array.from({ length: 4 }, renderer);
  const loaded = await measure(me, cookie, SECONDS);
  rendering = false;
  await Promise.all(renderers);
  console.log(
    `/users/me/ p99 ${alone.p99} ms alone, ${loaded.p99} ms while 4 PDFs render (${pdfs} PDFs in ${SECONDS} s)`,
  );
  return { alone, while_4_pdfs: loaded, pdfs };
}

function print(figures: Figures[]) {
  const rows = [
    [
      'endpoint',
      'ours req/s',
      'ours p99 ms',
      'baseline req/s',
      'baseline p99 ms',
      'ratio',
      'same JSON',
    ],
    ...figures.map((f) => [
      f.endpoint,
      String(f.ours.rps),
      String(f.ours.p99),
      String(f.baseline.rps),
      String(f.baseline.p99),
      f.ratio.toFixed(2),
      f.same_json ? 'yes' : 'NO',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
