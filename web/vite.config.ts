import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import packageJson from '../package.json' with { type: 'json' };

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
  plugins: [react(), buildManifest()],
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
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}));
