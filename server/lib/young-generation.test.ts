import { describe, expect, it } from 'vitest';
import { youngGenerationCapped } from './young-generation.ts';

describe('youngGenerationCapped', () => {
  it('finds the cap among node flags or in NODE_OPTIONS, in either spelling', () => {
    expect(youngGenerationCapped(['--max-semi-space-size=16'], undefined)).toBe(true);
    expect(youngGenerationCapped([], '--enable-source-maps --max-semi-space-size=32')).toBe(true);
    expect(youngGenerationCapped(['--max_semi_space_size=16'], '')).toBe(true);
  });

  it('reports a start without it, whatever other flags node has', () => {
    expect(youngGenerationCapped([], undefined)).toBe(false);
    expect(youngGenerationCapped(['--max-old-space-size=4096'], '--inspect')).toBe(false);
    expect(youngGenerationCapped(['--watch'], '--max-semi-space-sizes=16')).toBe(false);
  });
});
