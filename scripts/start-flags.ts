import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The flags `npm start` gives node, read from package.json's start script. */
export const START_FLAGS = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));
