/**
 * `npm run bench:footprint`: what the embedded default (`npm start` on PGlite) costs a newcomer's
 * machine. Starts the app as `npm start` does on an empty data folder (migrations and demo data),
 * then again on the folder it left, and prints for each start the time to the first answer of
 * `/api/health/` and the resident memory when idle after a short working session (three demo
 * people sign in and open their lists). It runs with the node flags of `npm start`, then without
 * them, to show what they save.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECOND_FACTOR_ROLES } from '../domain/constants.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_TOTP_SECRET, demoLogin } from '../server/seed/demo-logins.ts';
import { startEmbeddedApp, stopApp, untilHealthy } from './embedded-app.ts';
import { signIn } from './sign-in.ts';
import { START_FLAGS } from '../scripts/start-flags.ts';

const PORT = 4690;
const origin = `http://127.0.0.1:${PORT}`;
const IDLE_SECONDS = 5;

/** A short working day: three people sign in and open what their home and lists show. */
async function workingSession(): Promise<void> {
  for (const role of ['ADMIN', 'COURSE_MANAGER', 'INSTRUCTOR'] as const) {
    const secret = SECOND_FACTOR_ROLES.includes(role) ? DEMO_TOTP_SECRET : undefined;
    const headers = await signIn(origin, demoLogin(role).email, DEFAULT_DEMO_PASSWORD, secret);
    for (const list of ['users/me/', 'assessments/', 'profiles/', 'modules/', 'cohorts/']) {
      const answer = await fetch(`${origin}/api/${list}`, { headers });
      await answer.arrayBuffer();
    }
  }
}

/** Resident memory of the process, in MB (Linux). */
function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function measure(label: string, dataDir: string, flags: string[]): Promise<void> {
  const child = startEmbeddedApp({
    script: 'scripts/start.ts',
    dataDir,
    port: PORT,
    nodeFlags: flags,
  });
  try {
    const ms = await untilHealthy(child, origin);
    await workingSession();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const rss = residentMegabytes(child.pid!);
    console.log(
      `${label.padEnd(28)} first answer ${(ms / 1000).toFixed(1).padStart(5)} s   idle ${rss.toFixed(0).padStart(4)} MB resident`,
    );
  } finally {
    await stopApp(child);
  }
}

for (const flags of [START_FLAGS, []]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'footprint-'));
  try {
    console.log(`node ${flags.join(' ') || '(no flags)'}`);
    await measure('  fresh install (demo data)', dataDir, flags);
    await measure('  next start', dataDir, flags);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
