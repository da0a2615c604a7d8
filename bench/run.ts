/**
 * `npm run bench`: what users wait for on a working day, at canton scale. Generates two datasets
 * in fresh PostgreSQL databases (a tenth of the scale, then the scale), starts our real server
 * and the raw baseline (bench/baseline.ts: node:http + pg, the same JSON and rules) in their own
 * processes, signs in as an instructor, a course manager (of one unit, and of five for the
 * at-risk list) and an admin, and prints:
 * - each call of the working day (/users/me/, the lists and people searches, a module, an
 *   assessment, the criterion PATCH, a grade summary and its PDF) with req/s and p50/p95/p99
 *   under 10 connections, against the baseline in the same run where it answers that call.
 *   Ours and the baseline take turns, BENCH_ROUNDS slices of the measured time each, so a
 *   machine slowing down for a while slows both: the ratio is the median of the slices' ours /
 *   baseline req/s, printed with its spread; beside it each server's CPU per request (from
 *   /proc) and their ratio, which the machine's other work moves far less than requests per
 *   second, and the KB each allocates per request, which it does not move at all;
 * - every list at both scales, one request at a time, the scales in turns as above, with the
 *   ratio of their p95: the cost of a list must follow its page, not the database;
 * - `/users/me/` p99 alone and while 4 PDFs render;
 * - a file of 2,000 students previewed and imported by the admin into the canton's last unit
 *   (bench/import-time.ts), BENCH_ROUNDS times.
 *
 *   BENCH_DATABASE_URL  server to create bench_<timestamp> on (default local postgres)
 *   BENCH_SCALE         dataset scale, 1 = canton (default 1)
 *   BENCH_SECONDS       seconds per measurement (default 15)
 *   BENCH_ROUNDS        turns ours and the baseline (or the two scales) take within it
 *                       (default 5; 1 for --smoke)
 *   BENCH_KEEP_DB=true  keep the databases afterwards
 *   --smoke             scale 0.005 and 2-second runs (CI)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type RequestSpec } from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN, generate, type Dataset } from './generate.ts';
import { IMPORTED_ROWS, importTimes, type ImportTime } from './import-time.ts';
import { signIn } from './sign-in.ts';
import { START_FLAGS } from '../scripts/start-flags.ts';

const smoke = process.argv.includes('--smoke');
const SCALE = Number(process.env.BENCH_SCALE ?? (smoke ? 0.005 : 1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (smoke ? 2 : 15));
/**
 * Five turns, not three: with three, one slow slice moved a median far enough that the same code
 * read 0.85 to 0.97 from one run to the next.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (smoke ? 1 : 5)));
const CONNECTIONS = 10;
/**
 * Each server's warm-up before a call's first slice. After 2 s our server's code was still being
 * optimised: `/users/me/` took 93, 80, 60, then 52–56 µs of CPU in 3-second slices from its
 * start (the baseline 94, 61, 50, then 47–55), so its ratio read 0.75–0.90 from one run to the
 * next.
 */
const WARM_UP_SECONDS = 5;
const PAGE = 25; // the web app's page size (components/data-list)
/** PDFs measured per server: within the exports' limit of 800 per account in 10 minutes */
const EXPORTS_MEASURED = smoke ? 40 : 240;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const here = import.meta.dirname;
const node = process.execPath;

interface Latency {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

interface Call {
  reader: Reader;
  endpoint: string;
  path: string;
  /** the baseline answers it too */
  baseline: boolean;
  patch?: boolean;
  /** a list, measured at both scales */
  list?: boolean;
  /** a file export: a fixed number of requests, within the exports' rate limit per account */
  export?: boolean;
}

type Reader = 'instructor' | 'course manager' | 'course manager of 5 units' | 'admin';

/**
 * Both servers run with the V8 flags of `npm start`: ours as it serves in production, the
 * baseline with the same, so the ratio compares code and not settings. Without them, Node 24's
 * young generation grows to 64 MB semi-spaces on this machine, and our server spent 24–34 µs of
 * each grade summary collecting garbage (docs/decisions.md).
 */
function startProcess(
  script: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [...START_FLAGS, path.join(here, script)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
      // the IPC channel answers how much the server has allocated (bench/heap-meter.ts)
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    let listening = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      // once it listens, what the server logs (warnings, errors) shows beside the figures
      if (listening) return void process.stderr.write(chunk);
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (!match) return;
      listening = true;
      resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** What one autocannon run gave: every response's time, in how long. */
interface Sample {
  times: number[];
  seconds: number;
  errors: number;
  /** the server process's CPU per answered request, in µs (null where /proc is missing) */
  cpuUs?: number | null;
  /** the KB the server allocated on its heap per answered request */
  heapKb?: number | null;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/**
 * The CPU time a process has used so far, in ms, from /proc (Linux), or null elsewhere. Unlike
 * requests per second, it does not depend on what else the machine runs at that moment: two runs
 * of one build differed by up to 13 % in CPU per request, by up to 30 % in requests per second.
 */
function cpuMsOf(child: ChildProcess): number | null {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The bytes a server process has allocated on its heap so far (bench/heap-meter.ts), or null. */
function allocatedOf(child: ChildProcess): Promise<number | null> {
  if (!child.connected) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), 2000);
    const onMessage = (message: { allocated?: number }) => done(message.allocated ?? null);
    const done = (bytes: number | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(bytes);
    };
    child.on('message', onMessage);
    child.send('allocated');
  });
}

/** Runs autocannon and keeps every response's time, for the percentiles it lacks (p95). */
async function sample(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; connections: number; requests?: RequestSpec[]; amount?: number },
): Promise<Sample> {
  const times: number[] = [];
  const instance = autocannon({
    url,
    headers,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    requests: options.requests,
  });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  return {
    times,
    seconds: result.duration,
    errors: result.errors + result.non2xx,
  };
}

/** Requests per second and percentiles over all the samples of one server. */
function latencyOf(samples: Sample[]): Latency {
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: Math.round(times.length / Math.max(seconds, 0.001)),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

const measure = async (...args: Parameters<typeof sample>) => latencyOf([await sample(...args)]);

const rpsOf = (s: Sample) => s.times.length / Math.max(s.seconds, 0.001);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const two = (n: number) => Number(n.toFixed(2));

/** The turns' ratios as printed: their median, and their lowest and highest. */
const ratioOf = (ratios: number[]) => ({
  ratio: two(median(ratios)),
  ratio_spread: [two(Math.min(...ratios)), two(Math.max(...ratios))] as [number, number],
});

const spreadText = ([low, high]: [number, number]) => `${low.toFixed(2)}–${high.toFixed(2)}`;

/**
 * Each request takes a criterion evaluation no other request holds, sets it to GOOD or
 * SUFFICIENT in turn with the version of its last answer, and gives it back: every PATCH is a
 * real change that passes the version guard (autocannon resets a connection's context between
 * requests, so the versions are kept here).
 */
async function patchRequests(
  databaseUrl: string,
  ids: number[],
  headers: Record<string, string>,
): Promise<RequestSpec[]> {
  // the PATCHes still running when the previous measurement stopped settle first
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: number; version: number }>(
    `select e.id, a.version from criterion_evaluations e join assessments a on a.id = e.assessment_id
     where e.id = any($1::int[])`,
    [ids],
  );
  await client.end();
  const versions = new Map(rows.map((row) => [row.id, row.version]));
  const free = [...ids];
  let turn = 0;
  return [
    {
      method: 'PATCH',
      setupRequest: (request, context) => {
        const id = free.shift()!;
        context.id = id;
        turn += 1;
        return {
          ...request,
          path: `/api/assessments/criteria/evaluations/${id}/`,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            version: versions.get(id),
            evaluation: turn % 2 ? 'GOOD' : 'SUFFICIENT',
          }),
        };
      },
      onResponse: (status, body, context) => {
        const id = context.id as number;
        if (status === 200) versions.set(id, (JSON.parse(body) as { version: number }).version);
        free.push(id);
      },
    },
  ];
}

function workingDay(d: Dataset): Call[] {
  // as the module page asks for its class: every student at once (web/src/features/modules/api.ts)
  const module = `/api/assessments/?module=${d.classModuleId}&limit=1000`;
  return [
    { reader: 'instructor', endpoint: '/users/me/', path: '/api/users/me/', baseline: true },
    {
      // the home page's first list: the reports that wait for the instructor's sign-off
      reader: 'instructor',
      endpoint: 'awaited sign-offs',
      path: '/api/training-reports/awaiting/',
      baseline: false,
      list: true,
    },
    {
      reader: 'instructor',
      endpoint: 'assessment list',
      path: `/api/assessments/?limit=${PAGE}`,
      baseline: true,
      list: true,
    },
    {
      // an instructor's people are their students (web/src/features/students)
      reader: 'instructor',
      endpoint: 'student list',
      path: `/api/profiles/?roles=STUDENT&limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      reader: 'instructor',
      endpoint: 'module page',
      path: `/api/modules/instances/${d.classModuleId}/`,
      baseline: false,
    },
    {
      reader: 'instructor',
      endpoint: "module's student list",
      path: module,
      baseline: true,
      list: true,
    },
    {
      reader: 'instructor',
      endpoint: 'assessment (100 criteria)',
      path: `/api/assessments/${d.detailAssessmentId}/`,
      baseline: true,
    },
    {
      reader: 'instructor',
      endpoint: 'criterion PATCH',
      path: '/api/assessments/criteria/evaluations/',
      baseline: true,
      patch: true,
    },
    {
      reader: 'instructor',
      endpoint: 'grade summary',
      path: `/api/profiles/${d.summaryStudentId}/grade-summary/`,
      baseline: true,
    },
    {
      reader: 'instructor',
      endpoint: 'grade summary PDF',
      path: `/api/profiles/${d.summaryStudentId}/grade-summary/pdf/`,
      baseline: true,
      export: true,
    },
    {
      reader: 'instructor',
      endpoint: 'students at risk',
      path: `/api/students/at-risk/?limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    { reader: 'course manager', endpoint: '/users/me/', path: '/api/users/me/', baseline: true },
    {
      reader: 'course manager',
      endpoint: 'assessment list',
      path: `/api/assessments/?limit=${PAGE}`,
      baseline: true,
      list: true,
    },
    {
      reader: 'course manager',
      endpoint: 'profile list',
      path: `/api/profiles/?limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      reader: 'course manager',
      endpoint: 'student list',
      path: `/api/profiles/?roles=STUDENT&status=ACTIVE&limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      // the first letter typed in the search box: it matches nearly everyone the manager sees
      reader: 'course manager',
      endpoint: 'people search, one letter',
      path: `/api/profiles/?search=e&limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      // the first of the manager's units, this semester (web/src/features/training-report)
      reader: 'course manager',
      endpoint: 'due training reports',
      path: '/api/training-reports/due/',
      baseline: false,
      list: true,
    },
    {
      reader: 'course manager of 5 units',
      endpoint: 'students at risk',
      path: `/api/students/at-risk/?limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      reader: 'admin',
      endpoint: 'profile list',
      path: `/api/profiles/?limit=${PAGE}`,
      baseline: true,
      list: true,
    },
    {
      // the students page: the canton's active students
      reader: 'admin',
      endpoint: 'student list',
      path: `/api/profiles/?roles=STUDENT&status=ACTIVE&limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      // a frequent surname: one person in fourteen of the canton (bench/generate.ts)
      reader: 'admin',
      endpoint: 'people search',
      path: `/api/profiles/?search=huber&limit=${PAGE}`,
      baseline: false,
      list: true,
    },
    {
      // the whole canton's, as the page opens before a unit is chosen
      reader: 'admin',
      endpoint: 'students at risk',
      path: `/api/students/at-risk/?limit=${PAGE}`,
      baseline: false,
      list: true,
    },
  ];
}

interface Server {
  origin: string;
  child: ChildProcess;
}

interface Run {
  name: string;
  databaseUrl: string;
  dataset: Dataset;
  ours: Server;
  baseline: Server;
  sessions: Record<Reader, Record<string, string>>;
}

async function openRun(admin: pg.Client, scale: number, stamp: string): Promise<Run> {
  const name = `bench_${stamp}_${String(scale).replace('.', '_')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  console.log(`dataset at scale ${scale} in ${name}`);
  const dataset = await generate(databaseUrl, scale);
  const started = await Promise.all([
    startProcess('serve.ts', databaseUrl),
    startProcess('baseline.ts', databaseUrl),
  ]);
  const [ours, baseline] = started.map(({ child, port }) => ({
    child,
    origin: `http://127.0.0.1:${port}`,
  })) as [Server, Server];
  const sessions = {
    instructor: await signIn(ours.origin, dataset.instructorEmail, BENCH_ADMIN.password),
    'course manager': await signIn(ours.origin, dataset.courseManagerEmail, BENCH_ADMIN.password),
    'course manager of 5 units': await signIn(
      ours.origin,
      dataset.bigUnitsManagerEmail,
      BENCH_ADMIN.password,
    ),
    admin: await signIn(
      ours.origin,
      BENCH_ADMIN.email,
      BENCH_ADMIN.password,
      BENCH_ADMIN.totpSecret,
    ),
  };
  return { name, databaseUrl, dataset, ours, baseline, sessions };
}

async function sameAnswer(run: Run, call: Call): Promise<string | null> {
  const get = async (server: Server) => {
    const response = await fetch(`${server.origin}${call.path}`, {
      headers: run.sessions[call.reader],
    });
    if (response.status !== 200)
      throw new Error(`${call.endpoint} (${call.reader}) on ${server.origin}: ${response.status}`);
    return response.headers.get('content-type')?.includes('json')
      ? response.json()
      : (await response.arrayBuffer()).byteLength > 0;
  };
  return firstDifference(await get(run.ours), await get(run.baseline));
}

interface Figure {
  reader: Reader;
  endpoint: string;
  ours: Latency;
  baseline: Latency | null;
  /** the median of the rounds' ratios, and their lowest and highest */
  ratio: number | null;
  ratio_spread: [number, number] | null;
  /** the server's CPU per request (µs, median of the rounds), and the baseline's over ours */
  cpu_us: { ours: number; baseline: number | null } | null;
  cpu_ratio: number | null;
  /** KB allocated per request (median of the rounds): the machine's load does not move it */
  heap_kb: { ours: number; baseline: number | null } | null;
  same_json: boolean | null;
}

/** The PATCH's requests, each on an evaluation of its own, or none for a GET. */
function callRequests(run: Run, call: Call) {
  const headers = run.sessions[call.reader];
  return call.patch
    ? patchRequests(run.databaseUrl, run.dataset.patchEvaluationIds, headers)
    : undefined;
}

/** One slice of a call's measurement on `server`, after a warm-up when `warm`. */
async function sampleCall(run: Run, call: Call, server: Server, seconds: number, warm: boolean) {
  const headers = run.sessions[call.reader];
  // a PATCH connection owns its assessment: two on one would fail each other's version guard
  const connections = call.patch
    ? Math.min(CONNECTIONS, run.dataset.patchEvaluationIds.length)
    : CONNECTIONS;
  const url = `${server.origin}${call.patch ? '/' : call.path}`;
  const once = async (duration: number, amount: number | undefined) =>
    sample(url, headers, {
      seconds: duration,
      connections,
      amount,
      requests: await callRequests(run, call),
    });
  if (warm && !smoke) await once(WARM_UP_SECONDS, call.export ? 20 : undefined);
  const [before, allocatedBefore] = [cpuMsOf(server.child), await allocatedOf(server.child)];
  const measured = await once(seconds, call.export ? EXPORTS_MEASURED : undefined);
  const [after, allocatedAfter] = [cpuMsOf(server.child), await allocatedOf(server.child)];
  const answered = Math.max(measured.times.length, 1);
  measured.cpuUs = before === null || after === null ? null : ((after - before) * 1000) / answered;
  measured.heapKb =
    allocatedBefore === null || allocatedAfter === null
      ? null
      : (allocatedAfter - allocatedBefore) / 1024 / answered;
  return measured;
}

/**
 * A call measured on our server and the baseline in turns: a file export once each (a fixed
 * number, within the exports' rate limit), anything else in ROUNDS slices of SECONDS / ROUNDS.
 */
async function measureCall(run: Run, call: Call): Promise<Figure> {
  const rounds = call.export ? 1 : ROUNDS;
  const seconds = Math.max(1, Math.round(SECONDS / rounds));
  const ours: Sample[] = [];
  const baseline: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await sampleCall(run, call, run.ours, seconds, round === 0));
    if (call.baseline)
      baseline.push(await sampleCall(run, call, run.baseline, seconds, round === 0));
  }
  const ratios = baseline.map((b, i) => rpsOf(ours[i]!) / Math.max(rpsOf(b), 0.001));
  const cpuOf = (samples: Sample[]) =>
    samples.every((s) => typeof s.cpuUs === 'number')
      ? samples.map((s) => s.cpuUs as number)
      : null;
  const [oursCpu, baselineCpu] = [cpuOf(ours), call.baseline ? cpuOf(baseline) : null];
  const heapOf = (samples: Sample[]) =>
    samples.every((s) => typeof s.heapKb === 'number')
      ? Math.round(median(samples.map((s) => s.heapKb as number)))
      : null;
  // an export renders in a worker thread, whose heap the meter does not see
  const oursHeap = call.export ? null : heapOf(ours);
  return {
    reader: call.reader,
    endpoint: call.endpoint,
    ours: latencyOf(ours),
    baseline: call.baseline ? latencyOf(baseline) : null,
    ...(call.baseline ? ratioOf(ratios) : { ratio: null, ratio_spread: null }),
    cpu_us: oursCpu && {
      ours: Math.round(median(oursCpu)),
      baseline: baselineCpu && Math.round(median(baselineCpu)),
    },
    cpu_ratio:
      oursCpu && baselineCpu ? two(median(baselineCpu.map((b, i) => b / oursCpu[i]!))) : null,
    heap_kb:
      oursHeap === null
        ? null
        : { ours: oursHeap, baseline: call.baseline ? heapOf(baseline) : null },
    same_json: null,
  };
}

async function workingDayFigures(run: Run): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const call of workingDay(run.dataset)) {
    const difference = call.baseline && !call.patch ? await sameAnswer(run, call) : null;
    if (difference) console.log(`NOT the same answer for ${call.endpoint}: ${difference}`);
    const figure = await measureCall(run, call);
    figures.push({ ...figure, same_json: call.baseline && !call.patch ? !difference : null });
  }
  return figures;
}

/**
 * Every list one request at a time at both scales: the server's own time, no queueing. The two
 * scales take turns in ROUNDS slices, as ours and the baseline do, so a slow moment of the machine
 * falls on both: the ratio is the median of the slices' p95 ratios, printed with its spread.
 */
async function listScaling(small: Run, large: Run) {
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const once = (run: Run, call: Call) => {
    const path = workingDay(run.dataset).find(
      (c) => c.reader === call.reader && c.endpoint === call.endpoint,
    )!.path;
    return sample(`${run.ours.origin}${path}`, run.sessions[call.reader], {
      seconds,
      connections: 1,
    });
  };
  const rows = [];
  for (const call of workingDay(large.dataset).filter((c) => c.list)) {
    const [tenth, whole]: [Sample[], Sample[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      tenth.push(await once(small, call));
      whole.push(await once(large, call));
    }
    const ratios = whole.map(
      (w, i) => latencyOf([w]).p95 / Math.max(latencyOf([tenth[i]!]).p95, 0.1),
    );
    const reach = (run: Run) => (call.reader === 'admin' ? null : run.dataset.reach[call.reader]);
    rows.push({
      reader: call.reader,
      list: call.endpoint,
      tenth: latencyOf(tenth),
      whole: latencyOf(whole),
      ...ratioOf(ratios),
      reach: { tenth: reach(small), whole: reach(large) },
    });
  }
  return rows;
}

/**
 * The ratio compares like with like where the reader's own units are the same at both scales:
 * then only the rest of the database grew. The admin's reach (null) is all of it, so it grows.
 */
const sameReach = ({ tenth, whole }: { tenth: number | null; whole: number | null }) =>
  tenth !== null && tenth === whole;

async function main() {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const runs: Run[] = [];
  try {
    runs.push(await openRun(admin, SCALE / 10, stamp));
    runs.push(await openRun(admin, SCALE, stamp));
    const [small, large] = runs as [Run, Run];
    const figures = await workingDayFigures(large);
    printWorkingDay(figures);
    const scaling = await listScaling(small, large);
    printScaling(scaling, small.dataset, large.dataset);
    const underExports = await meWhilePdfsRender(large);
    // the units are numbered from 1: the last one is no measured reader's
    const imported = await importTimes(
      large.ours.origin,
      large.sessions.admin,
      large.dataset.units,
      ROUNDS,
    );
    printImport(imported);
    const results = path.join(here, 'results');
    mkdirSync(results, { recursive: true });
    const report = {
      at: new Date().toISOString(),
      scale: SCALE,
      seconds: SECONDS,
      connections: CONNECTIONS,
      dataset: large.dataset,
      figures,
      list_scaling: scaling,
      under_exports: underExports,
      import: { rows: IMPORTED_ROWS, ms: imported },
    };
    writeFileSync(path.join(results, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    const failed = figures.some(
      (f) => f.ours.errors > 0 || (f.baseline?.errors ?? 0) > 0 || f.ours.rps === 0,
    );
    if (failed) throw new Error('some requests failed during the measurement');
  } finally {
    for (const run of runs) {
      run.ours.child.kill();
      run.baseline.child.kill();
    }
    if (process.env.BENCH_KEEP_DB !== 'true') {
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const run of runs) await admin.query(`drop database if exists ${run.name} with (force)`);
    }
    await admin.end();
  }
}

/**
 * `/users/me/` alone, then while 4 clients download the assessment PDF without pause: the PDFs
 * render in worker threads (server/exports/render-pool.ts), so the cheap call should not wait.
 * The course manager downloads them: the instructor has already spent part of the exports' limit
 * per account on the grade summary PDFs, and with the rest a fast run was refused (429).
 */
async function meWhilePdfsRender(run: Run) {
  const headers = run.sessions.instructor;
  const downloader = run.sessions['course manager'];
  const me = `${run.ours.origin}/api/users/me/`;
  const options = { seconds: SECONDS, connections: CONNECTIONS };
  const alone = await measure(me, headers, options);
  let rendering = true;
  let pdfs = 0;
  const renderer = async () => {
    while (rendering) {
      const response = await fetch(
        `${run.ours.origin}/api/assessments/${run.dataset.detailAssessmentId}/pdf/`,
        { headers: downloader },
      );
      if (response.status !== 200) throw new Error(`PDF answered ${response.status}`);
      await response.arrayBuffer();
      pdfs++;
    }
  };
  // a renderer's failure waits for the measurement: thrown at once, it would end the process
  // before the databases of the run are dropped
  let failure: unknown;
  const stop = (error: unknown) => {
    failure ??= error;
    rendering = false;
  };
  const renderers = Array.from({ length: 4 }, () => renderer().catch(stop));
  const loaded = await measure(me, headers, options);
  rendering = false;
  await Promise.all(renderers);
  if (failure) throw failure;
  console.log(
    `\n/users/me/ p99 ${alone.p99} ms alone, ${loaded.p99} ms while 4 PDFs render (${pdfs} PDFs in ${SECONDS} s)`,
  );
  return { alone, while_4_pdfs: loaded, pdfs };
}

function printImport({ preview, created }: ImportTime) {
  const ms = (times: number[]) =>
    `${Math.round(median(times))} ms (slowest ${Math.round(Math.max(...times))})`;
  console.log(
    `\n${IMPORTED_ROWS.toLocaleString('en')} students imported by the admin, ${preview.length} ${preview.length === 1 ? 'file' : 'files'}: preview ${ms(preview)}, import ${ms(created)}`,
  );
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

const timing = (l: Latency) =>
  `${l.p50} / ${l.p95} / ${l.p99}${l.errors > 0 ? ` (${l.errors} failed)` : ''}`;

function printWorkingDay(figures: Figure[]) {
  console.log(
    `\nA working day, ${CONNECTIONS} connections, ours and the baseline in ${ROUNDS} turns (ms: p50 / p95 / p99)`,
  );
  table([
    [
      'reader',
      'call',
      'ours req/s',
      'ours ms',
      'baseline req/s',
      'baseline ms',
      'ratio',
      'spread',
      'CPU µs ours / base',
      'CPU ratio',
      'heap KB ours / base',
      'same',
    ],
    ...figures.map((f) => [
      f.reader,
      f.endpoint,
      String(f.ours.rps),
      timing(f.ours),
      f.baseline ? String(f.baseline.rps) : '-',
      f.baseline ? timing(f.baseline) : '-',
      f.ratio?.toFixed(2) ?? '-',
      f.ratio_spread ? spreadText(f.ratio_spread) : '-',
      f.cpu_us ? `${f.cpu_us.ours} / ${f.cpu_us.baseline ?? '-'}` : '-',
      f.cpu_ratio?.toFixed(2) ?? '-',
      f.heap_kb ? `${f.heap_kb.ours} / ${f.heap_kb.baseline ?? '-'}` : '-',
      f.same_json === null ? '-' : f.same_json ? 'yes' : 'NO',
    ]),
  ]);
}

function printScaling(
  rows: Awaited<ReturnType<typeof listScaling>>,
  small: Dataset,
  large: Dataset,
) {
  console.log(
    `\nLists, one request at a time: ${small.assessments} and ${large.assessments} assessments in ${ROUNDS} turns (ms: p50 / p95 / p99)`,
  );
  const reach = ({ tenth, whole }: (typeof rows)[number]['reach']) =>
    tenth === null || whole === null ? 'all' : `${tenth} / ${whole}`;
  table([
    ['reader', 'list', "reader's assessments", 'scale / 10', 'scale', 'p95 ratio', 'spread'],
    ...rows.map((r) => [
      r.reader,
      r.list,
      reach(r.reach),
      timing(r.tenth),
      timing(r.whole),
      `${r.ratio.toFixed(2)}${sameReach(r.reach) ? '' : ' *'}`,
      spreadText(r.ratio_spread),
    ]),
  ]);
  if (rows.some((r) => !sameReach(r.reach)))
    console.log(
      "* the reader's reach is smaller at scale / 10 (units shrink below scale 0.1; the admin's is the whole database): this ratio may also count its growth, not only the rest of the database's",
    );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
