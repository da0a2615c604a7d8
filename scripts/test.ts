/**
 * `npm test`: every layer in order (typecheck, lint, import rules, formatting, unused code, unit,
 * API on PGlite, API on PostgreSQL when TEST_DATABASE_URL is set, end-to-end when
 * e2e/playwright.config.ts exists), then one last line
 * `N passed, N failed` over all of them. Counts come from the runners' JSON reports; a check
 * without tests (typecheck, lint) or a runner that fails outside any test counts as 1 failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'vet-test-reports-'));

interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
}

/** Runs an npm script with its output shown; answers its exit code. */
function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

function timed(name: string, run: () => Omit<LayerResult, 'name' | 'seconds'>): LayerResult {
  console.log(`\n=== ${name} ===`);
  const start = Date.now();
  const result = { name, ...run(), seconds: Math.round((Date.now() - start) / 100) / 10 };
  console.log(`=== ${name}: ${result.passed} passed, ${result.failed} failed (${result.seconds}s)`);
  return result;
}

function check(name: string, script: string): LayerResult {
  return timed(name, () => {
    const code = npmRun(script, []);
    return { passed: 0, failed: code === 0 ? 0 : 1 };
  });
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A failing exit code without any failed test (collection error, unhandled error) counts as 1. */
function counts(code: number, passed: number, failed: number) {
  return { passed, failed: failed === 0 && code !== 0 ? 1 : failed };
}

function vitest(name: string, project: string, env: NodeJS.ProcessEnv): LayerResult {
  return timed(name, () => {
    const report = path.join(reports, `${project}-${name.replace(/\W+/g, '-')}.json`);
    const code = npmRun(
      `test:${project}`,
      ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--passWithNoTests'],
      env,
    );
    const json = readJson(report);
    return counts(code, Number(json?.numPassedTests ?? 0), Number(json?.numFailedTests ?? 0));
  });
}

function playwright(): LayerResult {
  return timed('e2e (Chromium)', () => {
    const report = path.join(reports, 'e2e.json');
    const code = npmRun('test:e2e', ['--reporter=list,json'], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    const stats = (readJson(report)?.stats ?? {}) as Record<string, number>;
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    return counts(code, passed, stats.unexpected ?? 0);
  });
}

const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

const results: LayerResult[] = [
  check('typecheck', 'typecheck'),
  check('lint', 'lint'),
  check('import rules', 'lint:imports'),
  check('formatting', 'format:check'),
  check('unused code', 'lint:unused'),
  vitest('unit', 'unit', withoutPostgres),
  vitest('API on PGlite', 'api', withoutPostgres),
];
if (process.env.TEST_DATABASE_URL) {
  results.push(vitest('API on PostgreSQL', 'api', process.env));
} else {
  console.log('\n(API on PostgreSQL skipped: TEST_DATABASE_URL is not set)');
}
if (existsSync(path.join(root, 'e2e', 'playwright.config.ts'))) {
  results.push(playwright());
} else {
  console.log('\n(e2e skipped: there is no e2e/playwright.config.ts yet)');
}
rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed  (${r.seconds}s)`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
