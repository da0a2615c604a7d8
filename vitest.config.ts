import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle; on a two-core machine the API files then ran one at a
    // time (9 and 7 minutes on PGlite and PostgreSQL, against 6 and 4 with both cores)
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          // the files of a worker share the modules they import (each still opens its own
          // database and app): loading them again for each of the 90 files was 40 % of this
          // layer's time (PGlite 175 → 107 s, PostgreSQL 121 → 81 s)
          isolate: false,
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
