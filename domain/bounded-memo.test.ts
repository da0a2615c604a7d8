import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  const counted = (capacity: number) => {
    const computed: string[] = [];
    const upper = boundedMemo((key) => {
      computed.push(key);
      return key.toUpperCase();
    }, capacity);
    return { upper, computed };
  };

  it('computes an argument once and answers the same after', () => {
    const { upper, computed } = counted(2);
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(computed).toEqual(['a', 'b']);
  });

  it('forgets the longest-remembered argument past its capacity', () => {
    const { upper, computed } = counted(2);
    upper('a');
    upper('b');
    upper('c');
    expect(upper('b')).toBe('B');
    expect(upper('a')).toBe('A');
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
