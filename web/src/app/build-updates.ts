import { RELOAD_GUARD_TTL_MS } from '../../../domain/constants.ts';

/** Where the build writes its id (see web/vite.config.ts). */
const BUILD_MANIFEST_PATH = '/build-manifest.json';
const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
const GUARD_KEY = 'reload-guard';

interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Reloads unless a reload happened less than 10 seconds ago (spec section 4): a chunk that
 * keeps failing shows the error page instead of reloading in a loop.
 */
export function guardedReload(storage: GuardStorage, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(GUARD_KEY) ?? 0);
  if (last && now - last >= 0 && now - last < RELOAD_GUARD_TTL_MS) return false;
  storage.setItem(GUARD_KEY, String(now));
  reload();
  return true;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message))
  );
}

let newBuildSeen = false;
/** After a new build is detected, the next navigation is a full page reload. */
export const needsFullReload = () => newBuildSeen;

export async function checkBuild(
  currentId: string,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const response = await fetcher(BUILD_MANIFEST_PATH, { cache: 'no-store' });
  if (response.status === 404 || response.status === 403) return false;
  if (!response.ok) throw new Error(`Build manifest: HTTP ${response.status}`);
  const manifest = (await response.json()) as { id?: string };
  if (manifest.id && manifest.id !== currentId) newBuildSeen = true;
  return newBuildSeen;
}

/** The manifest is first loaded after one second, never on a slow-2g connection. */
export function watchBuild(currentId: string): void {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } })
    .connection;
  if (connection?.effectiveType === 'slow-2g') return;
  const poll = () => {
    void checkBuild(currentId).then((seen) => {
      if (!seen) window.setTimeout(poll, BUILD_CHECK_INTERVAL_MS);
    });
  };
  window.setTimeout(poll, 1000);
}

export function reloadAfterChunkError(): boolean {
  return guardedReload(window.sessionStorage, Date.now(), () => window.location.reload());
}
