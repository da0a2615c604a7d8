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

  it('sends a strict CSP, nosniff, no framing, no caching of the API and HSTS', async () => {
    const response = await t.client().get('/api/about/');
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(String(response.headers['content-security-policy'])).not.toMatch(
      /script-src[^;]*'unsafe-inline'/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
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
    const response = await t.client().get('/api/about/');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});
