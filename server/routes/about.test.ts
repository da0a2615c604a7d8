import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const packageVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;

describe('GET /api/about/', () => {
  it('answers the version of package.json, signed out', async () => {
    const response = await t.client().get('/api/about/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: packageVersion });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/changelog/', () => {
  it('renders CHANGELOG.md as an HTML page in the request language, without script', async () => {
    const client = t.client();
    client.language = 'de';
    const response = await client.get('/api/changelog/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('<h1>Changelog</h1>');
    expect(response.body).toContain('<h2>[Unreleased]</h2>');
    expect(response.body).toMatch(/<li>Foundation: /);
    expect(response.body).not.toContain('<script');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers the Markdown itself when asked for', async () => {
    const response = await t.client().get('/api/changelog/', { accept: 'text/markdown' });
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.body).toBe(readFileSync('CHANGELOG.md', 'utf8'));
  });
});

describe('OpenAPI', () => {
  it('documents the routes with their zod schemas at /api/docs/json', async () => {
    const response = await t.client().get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe(packageVersion);
    expect(
      document.paths['/api/about/'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({ properties: { version: { type: 'string' } } });
    expect(document.paths['/api/auth/login/'].post.requestBody).toBeDefined();
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves the explorer page and its own scripts under the application CSP', async () => {
    const client = t.client();
    const page = await client.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    // every script is a file of its own (no inline script) and each one loads
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of scripts) {
      const asset = await client.get(new URL(src, 'http://localhost/api/docs/').pathname);
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
    const initializer = await client.get('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('json');
  });
});
