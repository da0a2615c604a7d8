import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { START_FLAGS } from '../scripts/start-flags.ts';
import { CHROMIUM } from './chromium.ts';
import { BASE_URL, DATA_DIR, DEMO_PASSWORD, PORT, ROOT, WEB_DIST } from './env.ts';

const node = path.join(ROOT, 'node_modules', '.bin', 'node');

/**
 * The real server on a fresh database with the demo data, serving the web app just built,
 * driven in Debian's Chromium. No retries: a flaky test is a bug to fix.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // a wait for what the page shows, not a speed check: a loaded CI machine ran the suite twice as
  // slowly in some sessions, and a screen that came after 7 s failed a test that was right
  expect: { timeout: 15_000 },
  reporter: 'list',
  // one folder per port: two runs side by side (E2E_PORT) do not wipe each other's artifacts
  outputDir: path.join(ROOT, 'test-results', `e2e-${PORT}`),
  use: {
    baseURL: BASE_URL,
    locale: 'fr-CH',
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 900 },
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: `rm -rf "${DATA_DIR}" && npm run build -- --outDir "${WEB_DIST}" --emptyOutDir && "${node}" ${START_FLAGS.join(' ')} server/main.ts`,
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/api/about/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      APP_ORIGIN: BASE_URL,
    },
  },
});
