import { describe, expect, it } from 'vitest';
import { inOrder } from './in-order.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inOrder', () => {
  it('yields in the items’ order even when later items finish first', async () => {
    const seen: number[] = [];
    for await (const value of inOrder([30, 5, 10, 1], 3, async (ms) => (await later(ms), ms)))
      seen.push(value);
    expect(seen).toEqual([30, 5, 10, 1]);
  });

  it('never runs more than `width` at once, and starts nothing after the reader stops', async () => {
    let running = 0;
    let most = 0;
    let started = 0;
    const work = async (n: number) => {
      started += 1;
      running += 1;
      most = Math.max(most, running);
      await later(2);
      running -= 1;
      return n;
    };
    for await (const n of inOrder([1, 2, 3, 4, 5, 6, 7, 8], 2, work)) if (n === 3) break;
    expect(most).toBe(2);
    expect(started).toBe(4);
  });
});
