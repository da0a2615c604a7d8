/**
 * Prints the JavaScript a browser loads for the login page before it can be used (the entry, the
 * empty layout and the login page, with every chunk they import statically), counted as the
 * server sends it to a browser that accepts brotli: the bytes over the wire, asked of the same
 * serving code as production (lib/compression.ts, lib/web-app.ts). Then, without a budget, the
 * same for two pages of the app's layout an instructor opens all day: an assessment (a training
 * report loads its own sections after it) and a list (the modules). `npm run bench:web` builds
 * first. Exits 1 when the login page is over the 150 KB budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { compression } from '../server/lib/compression.ts';
import { webApp } from '../server/lib/web-app.ts';

const BUDGET_KB = 150;
const dist = path.resolve(import.meta.dirname, '..', 'web', 'dist');
const LOGIN_PAGE = [
  'index.html',
  'src/app/layouts/empty-layout.tsx',
  'src/features/auth/login-page.tsx',
];
const inAppLayout = (page: string) => ['index.html', 'src/app/layouts/default-layout.tsx', page];
const OTHER_PAGES = {
  'assessment page': inAppLayout('src/features/assessments/assessment-detail-page.tsx'),
  'module list': inAppLayout('src/features/modules/module-list-page.tsx'),
};

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

const app = Fastify();
app.decorate('deps', { config: { APP_ENV: 'bench' } } as never);
await app.register(compression);
await app.register(webApp, { root: dist });

/** The page's chunks, each as sent over the wire, largest first. */
async function weigh(roots: string[]) {
  const files = [...closure(roots)]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
  const rows = await Promise.all(
    files.map(async (file) => {
      const url = `/${file}`;
      const sent = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      if (sent.statusCode !== 200) throw new Error(`${url} answered ${sent.statusCode}`);
      return {
        file,
        raw: readFileSync(path.join(dist, file)).length,
        wire: sent.rawPayload.length,
        encoding: String(sent.headers['content-encoding'] ?? 'none'),
      };
    }),
  );
  return rows.sort((a, b) => b.wire - a.wire);
}

const kb = (n: number) => (n / 1024).toFixed(1);
const login = await weigh(LOGIN_PAGE);
const others = await Promise.all(
  Object.entries(OTHER_PAGES).map(async ([name, roots]) => ({ name, rows: await weigh(roots) })),
);
await app.close();

for (const row of login)
  console.log(
    `${kb(row.wire).padStart(7)} KB ${row.encoding.padEnd(4)} ${kb(row.raw).padStart(7)} KB  ${row.file}`,
  );
const total = (rows: { wire: number }[]) => rows.reduce((sum, row) => sum + row.wire, 0);
console.log(
  `login page initial JS: ${kb(total(login))} KB over the wire in ${login.length} files (budget ${BUDGET_KB} KB)`,
);
for (const { name, rows } of others)
  console.log(`${name} initial JS: ${kb(total(rows))} KB over the wire in ${rows.length} files`);
if (total(login) > BUDGET_KB * 1024) process.exitCode = 1;
