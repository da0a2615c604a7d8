import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web-app.ts';

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
    writeFileSync(path.join(root, 'build-manifest.json'), '{"id":"b1"}');
    app.decorate('deps', { config: { APP_ENV: 'staging' } } as never);
    await app.register(webApp, { root });
    await app.ready();
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
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<meta name="app-env" content="staging" />');
    },
  );

  it.each(['/', '/de/profiles/3'])('answers HEAD %s like GET, without a body', async (url) => {
    const head = await app.inject({ method: 'HEAD', url });
    const get = await app.inject({ url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');
  });

  it('caches hashed assets for good and revalidates the build manifest', async () => {
    const asset = await app.inject({ url: '/assets/main-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ url: '/build-manifest.json' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ id: 'b1' });
  });

  it('keeps unknown API paths and other methods a 404', async () => {
    expect((await app.inject({ url: '/api/nothing/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});
