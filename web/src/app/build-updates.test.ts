import { describe, expect, it } from 'vitest';
import { checkBuild, guardedReload, isChunkLoadError, needsFullReload } from './build-updates.ts';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('reload guard', () => {
  it('reloads once, then not again within 10 seconds, then again after', () => {
    const storage = memory();
    let reloads = 0;
    const reload = () => reloads++;
    expect(guardedReload(storage, 1_000, reload)).toBe(true);
    expect(guardedReload(storage, 5_000, reload)).toBe(false);
    expect(guardedReload(storage, 10_999, reload)).toBe(false);
    expect(guardedReload(storage, 11_000, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});

it('recognises the chunk-load errors of the browsers', () => {
  expect(
    isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
  ).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(new Error('boom'))).toBe(false);
});

describe('build manifest', () => {
  const answer = (status: number, body: object = {}) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('ignores 404 and 403, rethrows other failures', async () => {
    await expect(checkBuild('a', answer(404))).resolves.toBe(false);
    await expect(checkBuild('a', answer(403))).resolves.toBe(false);
    await expect(checkBuild('a', answer(500))).rejects.toThrow();
  });
  it('asks for a full reload once the id changed', async () => {
    await expect(checkBuild('a', answer(200, { id: 'a' }))).resolves.toBe(false);
    expect(needsFullReload()).toBe(false);
    await expect(checkBuild('a', answer(200, { id: 'b' }))).resolves.toBe(true);
    expect(needsFullReload()).toBe(true);
  });
});
