/**
 * The app as a newcomer runs it, for the benchmarks that measure what they meet: its own process
 * on the embedded database in a folder of the benchmark's, with quiet logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function startEmbeddedApp(options: {
  /** `scripts/start.ts` (what `npm start` runs) or `server/main.ts` */
  script: string;
  dataDir: string;
  port: number;
  nodeFlags?: string[];
}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeFlags ?? []), path.join(root, options.script)], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
}

/** Milliseconds until the app answers `/api/health/`; fails when the process ends first. */
export async function untilHealthy(child: ChildProcess, origin: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/api/health/`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopApp(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}
