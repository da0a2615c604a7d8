import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_ORIGIN: 'https://vet.example.ch' });
  });
  afterAll(() => t.close());

  it('gives an API answer the short set: it loads nothing, is framed nowhere, never cached', async () => {
    const response = await t.client().get('/api/about/');
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    // what only a document needs stays off the API's answers
    for (const name of ['x-xss-protection', 'origin-agent-cluster', 'x-dns-prefetch-control'])
      expect(response.headers[name], name).toBeUndefined();
  });

  it('gives the pages under /api/ the application CSP: only our own scripts, HSTS', async () => {
    for (const url of ['/api/changelog/', '/api/docs/']) {
      const response = await t.client().get(url);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const policy = String(response.headers['content-security-policy']);
      const csp = directives(policy);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), url).toBe(true);
      expect(policy, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks the session cookie Secure', async () => {
    const { email } = await createPerson(t.database.db);
    const response = await t.client().post('/api/auth/login/', { email, password: TEST_PASSWORD });
    expect(response.cookies.find((c) => c.name === 'sessionid')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('does not cache API errors either, and sends them the same headers', async () => {
    const ok = await t.client().get('/api/about/');
    for (const url of ['/api/users/me/', '/api/no-such-address/']) {
      const response = await t.client().get(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
      for (const name of [
        'content-security-policy',
        'strict-transport-security',
        'x-frame-options',
      ])
        expect(response.headers[name]).toBe(ok.headers[name]);
    }
  });
});

describe('over plain HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends no HSTS but the same CSP', async () => {
    const answer = await t.client().get('/api/about/');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(
      directives(String(answer.headers['content-security-policy'])).get('default-src'),
    ).toEqual(["'none'"]);
    const page = await t.client().get('/api/changelog/');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(String(page.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('the web app', () => {
  let t: TestApp;
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<html><head></head><body></body></html>');
    writeFileSync(path.join(root, 'assets', 'main-abc.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves its pages and files under the application CSP, not the API set', async () => {
    for (const url of ['/login', '/assets/main-abc.js']) {
      const response = await t.client().get(url);
      expect(response.statusCode, url).toBe(200);
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});
