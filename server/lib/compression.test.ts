import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API answers over the wire', () => {
  it('compress an answer above 1 KB as the client accepts, to the same content', async () => {
    const plain = await t.app.inject({ url: '/api/changelog/' });
    const br = await t.app.inject({ url: '/api/changelog/', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({
      url: '/api/changelog/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('send a small answer as it is', async () => {
    const about = await t.app.inject({ url: '/api/about/', headers: { 'accept-encoding': 'br' } });
    expect(about.headers['content-encoding']).toBeUndefined();
    expect(about.json()).toHaveProperty('version');
  });

  it('never inflate a compressed request body', async () => {
    const { email } = await createPerson(t.database.db);
    const credentials = JSON.stringify({ email, password: TEST_PASSWORD });
    expect((await t.client().post('/api/auth/login/', JSON.parse(credentials))).statusCode).toBe(
      200,
    );
    const body = gzipSync(credentials);
    const response = await t.client().post('/api/auth/login/', body, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(400);
  });
});
