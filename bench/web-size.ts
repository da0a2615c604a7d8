/**
 * Prints the JavaScript a browser loads for the login page before it can be used (the entry, the
 * empty layout and the login page, with every chunk they import statically), gzipped.
 * `npm run bench:web` builds first. Exits 1 when it is over the 170 KB budget of issue 4.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
const ROOTS = [
  'index.html',
  'src/app/layouts/empty-layout.tsx',
  'src/features/auth/login-page.tsx',
];

interface Chunk {
  file: string;
  imports?: string[];
}

const manifest = JSON.parse(
  readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, Chunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const rows = [...closure(ROOTS)]
  .map((key) => manifest[key]!.file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => (n / 1024).toFixed(1);
for (const row of rows)
  console.log(`${kb(row.gzip).padStart(7)} KB gz  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(
  `login page initial JS: ${kb(total)} KB gzipped in ${rows.length} files (budget ${BUDGET_KB} KB)`,
);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
