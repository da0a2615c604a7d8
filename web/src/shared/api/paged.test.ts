import { describe, expect, it } from 'vitest';
import { everyRow } from './paged.ts';

/** A list of `total` numbered rows, answered page by page as the API answers it. */
function listOf(total: number) {
  const asked: string[] = [];
  const get = async <T>(path: string) => {
    asked.push(path);
    const url = new URL(path, 'http://api');
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const results = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, i) => offset + i,
    );
    const next = offset + results.length < total ? 'more' : null;
    return { count: total, next, previous: null, results } as T;
  };
  return { asked, get };
}

describe('everyRow', () => {
  it('reads one page when the list fits in it', async () => {
    const list = listOf(3);
    expect(await everyRow<number>('/units/', { get: list.get })).toEqual([0, 1, 2]);
    expect(list.asked).toEqual(['/units/?limit=1000&offset=0']);
  });

  it('reads page after page until the last, keeping the query', async () => {
    const list = listOf(2_345);
    const rows = await everyRow<number>('/assessments/?module=4', { get: list.get });
    expect(rows).toHaveLength(2_345);
    expect(rows.at(-1)).toBe(2_344);
    expect(list.asked).toEqual([
      '/assessments/?module=4&limit=1000&offset=0',
      '/assessments/?module=4&limit=1000&offset=1000',
      '/assessments/?module=4&limit=1000&offset=2000',
    ]);
  });

  it('stops at an empty page even if the answer names a next one', async () => {
    const asked: string[] = [];
    const get = async <T>(path: string) => {
      asked.push(path);
      return { count: 5, next: 'more', previous: null, results: [] } as T;
    };
    expect(await everyRow('/units/', { get })).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
