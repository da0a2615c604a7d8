import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

/**
 * One process per embedded database folder: PGlite has no locking of its own, and two processes
 * writing one folder lose acknowledged writes and can leave it unable to start.
 */
export class FolderInUseError extends Error {
  readonly folder: string;
  readonly pid: number;
  constructor(folder: string, pid: number) {
    super(
      `The database folder ${folder} is in use by process ${pid}. ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.folder = folder;
    this.pid = pid;
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

/** A takeover that died half-way leaves its mutex behind; after this long it is ignored. */
const STALE_TAKEOVER_MS = 10_000;

/**
 * Takes the lock of `folder` (the file `<folder>.lock`) or throws FolderInUseError naming the
 * live process that holds it. A lock left by a dead process is taken over; two processes racing
 * for it are serialised by a takeover mutex, so exactly one wins. Answers the release function.
 */
export function lockFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname() };
  if (!tryCreate(lockFile, me)) takeOverStale(folder, lockFile, me);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (isOwnedBy(readOwner(lockFile), me)) unlinkSync(lockFile);
  };
}

function takeOverStale(folder: string, lockFile: string, me: LockOwner): void {
  const mutex = `${lockFile}.takeover`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const owner = readOwner(lockFile);
    if (owner && isAlive(owner)) throw new FolderInUseError(folder, owner.pid);
    if (!enterMutex(mutex)) {
      sleep(20);
      continue;
    }
    try {
      // re-read under the mutex: another process may have taken the lock over in the meantime
      const current = readOwner(lockFile);
      if (current && isAlive(current)) throw new FolderInUseError(folder, current.pid);
      unlinkIfExists(lockFile);
      if (tryCreate(lockFile, me)) return;
    } finally {
      rmdirSync(mutex);
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

function tryCreate(lockFile: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(lockFile: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? { pid: owner.pid, host: String(owner.host) } : undefined;
  } catch {
    // missing, or written half by a process that died at that instant: not a live owner
    return undefined;
  }
}

function isOwnedBy(owner: LockOwner | undefined, me: LockOwner): boolean {
  return owner?.pid === me.pid && owner.host === me.host;
}

/** A lock of another machine (a shared folder) is never taken over: its process cannot be seen. */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function enterMutex(mutex: string): boolean {
  try {
    mkdirSync(mutex);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(mutex).mtimeMs > STALE_TAKEOVER_MS) rmdirSync(mutex);
    } catch {
      // removed by its owner meanwhile
    }
    return false;
  }
}

function unlinkIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
