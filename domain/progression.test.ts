import { describe, expect, it } from 'vitest';
import { latestFlag } from './progression.ts';

describe('latestFlag', () => {
  it('is the furthest stage ticked, in the scale’s order', () => {
    expect(latestFlag(['SUPERVISED', 'OBSERVED', 'TAUGHT'])).toBe('SUPERVISED');
    expect(latestFlag(['AUTONOMOUSLY_EXECUTED'])).toBe('AUTONOMOUSLY_EXECUTED');
    expect(latestFlag(['OBSERVED'])).toBe('OBSERVED');
  });

  it('is none when nothing is ticked', () => {
    expect(latestFlag([])).toBeNull();
    expect(latestFlag(['SOMETHING_ELSE'])).toBeNull();
  });
});
