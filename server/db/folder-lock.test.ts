import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FolderInUseError, lockFolder } from './folder-lock.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vet-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

/** The pid of a process that has ended: what a crash leaves in a lock file. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

it('refuses a folder held by a live process, naming the folder and the process', () => {
  const dir = folder();
  const release = lockFolder(dir);
  expect(() => lockFolder(dir)).toThrow(FolderInUseError);
  expect(() => lockFolder(dir)).toThrow(`${dir} is in use by process ${process.pid}`);
  release();
  lockFolder(dir)();
});

it('lets exactly one of several processes take over the stale lock of a dead process', async () => {
  const dir = folder();
  writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname() }));
  const script = `
    import { lockFolder } from ${JSON.stringify(path.resolve(import.meta.dirname, 'folder-lock.ts'))};
    try { lockFolder(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => {}, 1500); }
    catch (e) { console.log(e.constructor.name); }`;
  const racers = Array.from({ length: 4 }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', script]),
  );
  const outcomes = await Promise.all(
    racers.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('exit', () => resolve(out.trim()));
        }),
    ),
  );
  expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'FolderInUseError')).toHaveLength(3);
  const winner = racers[outcomes.indexOf('won')]!;
  expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(winner.pid);
});
