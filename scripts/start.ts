/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then runs
 * the server (migrations, demo data on an empty database, sign-in instructions).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'web');
const builtIndex = path.join(web, 'dist', 'index.html');

/** The newest modification time under the given files and folders (0 when none exist). */
function newestChange(entries: string[]): number {
  let newest = 0;
  for (const entry of entries) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      const children = readdirSync(entry).map((name) => path.join(entry, name));
      newest = Math.max(newest, newestChange(children));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const sources = ['index.html', 'src', 'public', 'vite.config.ts'].map((p) => path.join(web, p));
  sources.push(path.join(root, 'domain'), path.join(root, 'package-lock.json'));
  return newestChange(sources) > statSync(builtIndex).mtimeMs;
}

if (!existsSync(path.join(web, 'index.html'))) {
  console.log('No web app in web/ yet: serving the API only.');
} else if (webBuildIsStale()) {
  console.log('Building the web app (npm run build)…');
  // the list of built files is for those who debug the build
  const logLevel =
    process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace' ? 'info' : 'warn';
  const build = spawnSync('npm', ['run', 'build', '--', '--logLevel', logLevel], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

await import('../server/main.ts');
