import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { START_FLAGS } from '../scripts/start-flags.ts';
import { DEFAULT_DEMO_PASSWORD } from './seed/demo-logins.ts';

/** The real server process, as `npm start` runs it, on a PGlite folder of its own. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'vet-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function spawnServer(flags: string[] = []): ChildProcess {
  return spawn(process.execPath, [...flags, 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
  });
}

/** A start that must end by itself: its exit code and everything it printed. */
function startExpectingExit(): Promise<{ code: number | null; output: string; ms: number }> {
  const began = Date.now();
  const child = spawnServer();
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - began })),
  );
}

function start(flags: string[] = []): Promise<Started> {
  const child = spawnServer(flags);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // the banner names the loopback server localhost (a passkey needs a host name)
      const match = /running at http:\/\/localhost:(\d+)\//.exec(output);
      // the banner ends with the explorer line
      if (match && output.includes('API explorer:'))
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.removeAllListeners('exit');
    started.child.on('exit', (code) => resolve(code));
    started.child.kill('SIGTERM');
  });
}

async function signIn(url: string, email: string, password: string) {
  const about = await fetch(`${url}/api/about/`);
  const csrf = /csrftoken=([^;]+)/.exec(about.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${csrf}`,
      'x-csrftoken': csrf,
      origin: url,
    },
    body: JSON.stringify({ email, password }),
  });
  return login.status;
}

describe('server start', () => {
  it('migrates, seeds once, prints the sign-in, logs requests and stops gracefully', async () => {
    const first = await start(START_FLAGS);
    expect(first.output()).not.toContain('without --max-semi-space-size');
    expect(first.output()).toContain('Demo data created');
    expect(first.output()).toContain(`password: ${DEFAULT_DEMO_PASSWORD}`);
    expect(first.output()).toMatch(/ADMIN\s+admin@demo\.example\.ch/);
    const about = await fetch(`${first.url}/api/about/`);
    expect(await about.json()).toHaveProperty('version');
    expect(await signIn(first.url, 'admin@demo.example.ch', DEFAULT_DEMO_PASSWORD)).toBe(200);
    // the log line is written once the answer is sent: wait until it came through the pipe
    const logLine = await new Promise<string>((resolve) => {
      const look = () => {
        const line = first
          .output()
          .split('\n')
          .find((l) => l.includes('"url":"/api/auth/login/"'));
        if (line) resolve(line);
        else setTimeout(look, 50);
      };
      look();
    });
    expect(JSON.parse(logLine)).toMatchObject({ method: 'POST', status: 200, user_id: null });
    expect(first.output()).not.toContain(DEFAULT_DEMO_PASSWORD + '"');
    expect(await stop(first)).toBe(0);

    // a second start on the same database: migrations again (nothing to do), no seed again; node
    // started without npm start's flags is told so
    const second = await start();
    expect(second.output()).toContain('node runs without --max-semi-space-size');
    expect(second.output()).not.toContain('Demo data created');
    expect(second.output()).toContain('printed at the first start');
    expect(await signIn(second.url, 'student@demo.example.ch', DEFAULT_DEMO_PASSWORD)).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 180_000);

  it('refuses a second process on the same embedded database, and takes over the lock of a dead one', async () => {
    const running = await start();
    const second = await startExpectingExit();
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(path.join(dataDir, 'pglite'));
    expect(second.output).toContain(`process ${running.child.pid}`);
    expect(second.ms).toBeLessThan(10_000);
    // the first one still answers: nothing of it was touched
    expect(await signIn(running.url, 'admin@demo.example.ch', DEFAULT_DEMO_PASSWORD)).toBe(200);

    // a crash leaves the lock file behind; the next start takes it over
    await new Promise((resolve) => {
      running.child.removeAllListeners('exit');
      running.child.on('exit', resolve);
      running.child.kill('SIGKILL');
    });
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const after = await start();
    expect(await signIn(after.url, 'admin@demo.example.ch', DEFAULT_DEMO_PASSWORD)).toBe(200);
    expect(await stop(after)).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
