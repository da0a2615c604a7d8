import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../domain/locale.ts';
import { compression } from './compression.ts';
import { webApp } from './web-app.ts';

/** The web app served from `root` as server/app.ts serves it (cookies, compression). */
async function serveWebApp(app: FastifyInstance, root: string, appEnv: string) {
  app.decorate('deps', { config: { APP_ENV: appEnv } } as never);
  await app.register(fastifyCookie);
  await app.register(compression);
  await app.register(webApp, { root });
  await app.ready();
}

describe('web app serving', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    writeFileSync(path.join(root, 'assets', 'main-abc.js'), 'console.log(1)');
    // a built text file with the .br and .gz the build writes beside it
    const big = `export const words = ${JSON.stringify('évaluation '.repeat(500))};`;
    writeFileSync(path.join(root, 'assets', 'big-abc.js'), big);
    writeFileSync(path.join(root, 'assets', 'big-abc.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(root, 'assets', 'big-abc.js.gz'), gzipSync(big));
    writeFileSync(path.join(root, 'build-manifest.json'), '{"id":"b1"}');
    mkdirSync(path.join(root, '.vite'));
    const login = { id: 'login', path: 'login', public: true, signedInRedirect: true };
    const profile = { id: 'profile-detail', path: 'profiles/:id', public: false };
    writeFileSync(
      path.join(root, '.vite', 'start-hints.json'),
      JSON.stringify({
        api: '/api',
        pages: [
          { ...login, files: ['/assets/login-abc.js'] },
          { ...profile, signedInRedirect: false, files: ['/assets/profile-abc.js'] },
        ],
      }),
    );
    await serveWebApp(app, root, 'staging');
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/de/profiles/3', '/index.html'])(
    'answers %s with index.html and APP_ENV',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toContain('<meta name="app-env" content="staging" />');
    },
  );

  it("names in the page's head the code, messages and first call of what the visitor will see", async () => {
    const signedIn = await app.inject({
      url: '/de/profiles/3?tab=grades',
      headers: { cookie: 'signed_in=1' },
    });
    expect(signedIn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/profile-abc.js">',
    );
    expect(signedIn.body).toContain('href="/locales/de/messages.json"');
    expect(signedIn.body).not.toContain('login-abc.js');
    expect(signedIn.body).toContain('crossorigin="use-credentials" href="/api/users/me/"');
    expect(signedIn.headers.vary).toContain('cookie');

    const signedOut = await app.inject({
      url: '/profiles/3',
      headers: { 'accept-language': 'it-CH,it;q=0.9' },
    });
    expect(signedOut.body).toContain('href="/assets/login-abc.js"');
    expect(signedOut.body).not.toContain('profile-abc.js');
    expect(signedOut.body).not.toContain('/api/users/me/');
    expect(signedOut.body).toContain('href="/locales/it/messages.json"');
    expect(signedOut.headers.vary).toContain('accept-language');
  });

  it.each(['/', '/de/profiles/3'])('answers HEAD %s like GET, without a body', async (url) => {
    const head = await app.inject({ method: 'HEAD', url });
    const get = await app.inject({ url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe('private, no-cache');
    expect(head.body).toBe('');
  });

  it('caches hashed assets for good and revalidates the build manifest', async () => {
    const asset = await app.inject({ url: '/assets/main-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ url: '/build-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ id: 'b1' });
  });

  it('sends a built file in the form the browser accepts, made at build time', async () => {
    const url = '/assets/big-abc.js';
    const raw = await app.inject({ url });
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(raw.body);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths and other methods a 404', async () => {
    expect((await app.inject({ url: '/api/nothing/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});

/** The page as built (web/index.html) with the web app's messages, as a browser asks for it. */
describe("the start screen in the visitor's language", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const app = Fastify();
  const web = path.resolve(import.meta.dirname, '..', '..', 'web');

  beforeAll(async () => {
    cpSync(path.join(web, 'index.html'), path.join(root, 'index.html'));
    cpSync(path.join(web, 'public', 'locales'), path.join(root, 'locales'), { recursive: true });
    await serveWebApp(app, root, 'production');
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const startScreen = (body: string) => ({
    lang: /<html lang="([a-z]+)">/.exec(body)?.[1],
    status: /<p id="start-screen-status">([^<]*)<\/p>/.exec(body)?.[1],
  });

  it.each([
    ['/login', {}, 'fr', 'Chargement…'],
    ['/de/login', {}, 'de', 'Wird geladen…'],
    ['/it/profiles/3', {}, 'it', 'Caricamento…'],
    ['/login', { cookie: `${LOCALE_COOKIE}=de` }, 'de', 'Wird geladen…'],
  ])('%s %o: lang %s, "%s"', async (url, headers, lang, status) => {
    const response = await app.inject({ url, headers });
    expect(startScreen(response.body)).toEqual({ lang, status });
  });

  it('keeps the page as written (French) when the build has no messages', async () => {
    rmSync(path.join(root, 'locales'), { recursive: true });
    const response = await app.inject({ url: '/de/login' });
    expect(startScreen(response.body)).toEqual({ lang: 'de', status: 'Chargement…' });
  });
});
