import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ApiClient, createTestApp, MailBox, type TestApp } from '../test/app.ts';
import { freshPostgresDatabase } from '../test/database.ts';
import { createPerson, TEST_PASSWORD } from '../test/factories.ts';

describe('GET /api/health/', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('answers 200 while the database answers, without a sign-in', async () => {
    const response = await t.client().get('/api/health/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

/**
 * A TCP proxy between the app and PostgreSQL that can be cut and restored: the database going
 * away (a restart, a failover, the network) as the app sees it.
 */
class CuttableProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly target: URL;
  port = 0;
  constructor(target: URL) {
    this.target = target;
  }

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server!.close(resolve));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('while PostgreSQL is unreachable', () => {
  it('answers 503 with Retry-After within 2 s, and recovers by itself when it is back', async () => {
    const fresh = await freshPostgresDatabase();
    const proxy = new CuttableProxy(new URL(fresh.url));
    await proxy.open();
    const proxied = new URL(fresh.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const database = openDatabase({ databaseUrl: proxied.toString() });
    const app = await buildApp({ config: testConfig(), database, mailer: new MailBox() });
    try {
      const { email } = await createPerson(database.db);
      const client = await new ApiClient(app).login(email, TEST_PASSWORD);
      expect((await client.get('/api/users/me/')).statusCode).toBe(200);

      await proxy.cut();
      for (const url of ['/api/users/me/', '/api/health/']) {
        const began = Date.now();
        const response = await client.get(url);
        expect(response.statusCode, url).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Date.now() - began).toBeLessThan(2000);
      }
      const refused = await client.get('/api/users/me/');
      expect(refused.json()).toMatchObject({ code: 'database_unavailable' });
      expect(refused.json().detail).toContain('quelques secondes');
      // liveness: the version stays readable to a load balancer, which has no session
      expect((await new ApiClient(app).get('/api/about/')).statusCode).toBe(200);

      await proxy.open();
      expect((await client.get('/api/health/')).statusCode).toBe(200);
      expect((await client.get('/api/users/me/')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await proxy.cut().catch(() => {});
      await fresh.drop();
    }
  });
});
