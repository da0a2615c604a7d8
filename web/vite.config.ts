import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import packageJson from '../package.json' with { type: 'json' };
import { LAYOUT_MODULES, PAGES } from './src/app/pages.ts';
import { apiBaseURLOf } from './src/shared/api-base-url.ts';

const buildId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;

/** Writes /build-manifest.json with this build's id; the running app polls it (spec section 4). */
function buildManifest(): Plugin {
  return {
    name: 'build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-manifest.json',
        source: JSON.stringify({ id: buildId, version: packageJson.version }),
      });
    },
  };
}

const TEXT_FILE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built text file of 1 KB or more, at
 * the strongest settings: the server sends them as they are (lib/web-app.ts, preCompressed), so a
 * browser on a school network gets the smallest file without the server compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const filesIn = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesIn(file) : [file];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesIn(outDir)) {
        if (!TEXT_FILE.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, quality));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

type OutputChunk = Rolldown.OutputChunk;

/**
 * Writes .vite/start-hints.json: where the app asks the API, and for every page its path, its
 * first call and the built files its layout and component need beyond the entry's. The server
 * names them in the page it sends (server/lib/start-hints.ts), so the browser loads them beside the
 * entry instead of after it: one round trip less before the first paint on a slow network.
 */
function startHints(): Plugin {
  let api = '';
  return {
    name: 'start-hints',
    apply: 'build',
    configResolved(config) {
      api = apiBaseURLOf(config.env);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (file: string): OutputChunk => {
        const source = path.resolve(import.meta.dirname, 'src', file);
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === source) ??
          chunks.find((candidate) => candidate.moduleIds.includes(source));
        if (!chunk) throw new Error(`start hints: ${file} is in no chunk`);
        return chunk;
      };
      const closure = (chunk: OutputChunk, files: Set<string>): Set<string> => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const imported of chunk.imports) closure(bundle[imported] as OutputChunk, files);
        return files;
      };
      const entry = closure(
        chunks.find((chunk) => chunk.isEntry)!,
        new Set(),
      );
      const pages = PAGES.map((page) => {
        const files = closure(chunkOf(page.module), new Set());
        closure(chunkOf(LAYOUT_MODULES[page.layout ?? 'default']), files);
        return {
          id: page.id,
          path: page.path,
          public: page.public ?? false,
          signedInRedirect: page.signedInRedirect !== undefined,
          files: [...files].filter((file) => !entry.has(file)).map((file) => `/${file}`),
          firstCall: page.firstCall,
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/start-hints.json',
        source: JSON.stringify({ api, pages }),
      });
    },
  };
}

const modules = path.resolve(import.meta.dirname, '..', 'node_modules');

export default defineConfig(({ command }) => ({
  root: path.resolve(import.meta.dirname),
  resolve: {
    // the package points bundlers at its development build; production drops its dev checks
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: `${modules}/react-router/dist/production/index.mjs`,
            },
          ]
        : [],
  },
  plugins: [react(), buildManifest(), startHints(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 32768 } } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}));
