import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, requestLog } from './request-log.ts';

function appWithCapturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers.cookie?.includes('sessionid=')) {
      request.actor = { userId: 42 } as typeof request.actor;
    }
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request with method, url, status, duration and user id', async () => {
    const { app, lines } = appWithCapturedLog();
    await app.register(requestLog);
    app.post('/api/auth/login/', async () => ({ ok: true }));
    app.get('/api/boom/', async () => {
      throw new Error('boom');
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login/?next=…',
      headers: {
        cookie: 'sessionid=secret-session; csrftoken=secret-csrf',
        'x-csrftoken': 'secret-csrf',
      },
      payload: { email: 'a@example.ch', password: 'secret-password' },
    });
    await app.inject({ method: 'GET', url: '/api/boom/' });
    const requests = lines.filter((l) => l.url);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: 'POST',
      url: '/api/auth/login/?next=…',
      status: 200,
      user_id: 42,
    });
    expect(typeof requests[0]!.duration_ms).toBe('number');
    expect(requests[1]).toMatchObject({ level: 50, status: 500, user_id: null });
    const all = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(all).not.toMatch(/secret-session|secret-csrf|secret-password/);
  });

  it('keeps the names of query parameters and hides their values', () => {
    expect(loggableUrl('/fr/set-password?user=3&token=abc123')).toBe(
      '/fr/set-password?user=…&token=…',
    );
    expect(loggableUrl('/api/profiles/?search=M%C3%BCller&roles=STUDENT&roles=INSTRUCTOR')).toBe(
      '/api/profiles/?search=…&roles=…&roles=…',
    );
    expect(loggableUrl('/api/profiles/?flag&x=')).toBe('/api/profiles/?flag&x=…');
    expect(loggableUrl('/api/units/')).toBe('/api/units/');
  });
});
