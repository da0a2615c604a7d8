import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { mailOutbox, notifications } from './db/schema/index.ts';
import { LOGIN_THROTTLE } from './auth/throttle.ts';
import { START_FLAGS } from '../scripts/start-flags.ts';
import { freshPostgresDatabase } from './test/database.ts';
import { createPerson, TEST_PASSWORD } from './test/factories.ts';

/**
 * Two real app processes on one PostgreSQL, as behind a load balancer: whatever one does, the
 * other sees, and together they send each mail once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  const processes: ChildProcess[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    fresh = await freshPostgresDatabase();
    database = openDatabase({ databaseUrl: fresh.url });
    urls = await Promise.all([1, 2].map(() => startServer(fresh.url, smtpPort)));
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.on('exit', r)))),
    );
    await database.close();
    await fresh.drop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  function startServer(databaseUrl: string, smtpPort: number): Promise<string> {
    const child = spawn(process.execPath, [...START_FLAGS, 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        APP_ENV: 'test',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
      },
    });
    processes.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // the banner names the loopback server localhost; the tests call its address
        const match = /running at http:\/\/localhost:(\d+)\//.exec(output);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }

  /** A browser with its cookies, sending each request to the process it is given. */
  class Browser {
    private readonly cookies = new Map<string, string>();
    private readonly address: string;
    constructor(address: string) {
      this.address = address;
    }

    async request(url: string, method = 'GET', body?: unknown) {
      if (method !== 'GET' && !this.cookies.has('csrftoken'))
        await this.request(`${url}/../about/`);
      const response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': this.address,
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(this.cookies.has('csrftoken')
            ? { 'x-csrftoken': this.cookies.get('csrftoken')! }
            : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, value] = pair!.split('=');
        this.cookies.set(name!, value!);
      }
      return response;
    }
  }

  it('keeps a session made on one process valid on the other', async () => {
    const { email } = await createPerson(database.db);
    const browser = new Browser('10.0.0.1');
    const signIn = await browser.request(`${urls[0]}/api/auth/login/`, 'POST', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const me = await browser.request(`${urls[1]}/api/users/me/`);
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);
  });

  it('counts failed sign-ins on both processes together', async () => {
    const { email } = await createPerson(database.db);
    const attacker = new Browser('10.0.0.2');
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount; attempt++) {
      const response = await attacker.request(`${urls[attempt % 2]}/api/auth/login/`, 'POST', {
        email,
        password: 'not-the-password-at-all',
      });
      expect(response.status).toBe(400);
    }
    for (const url of urls) {
      const locked = await attacker.request(`${url}/api/auth/login/`, 'POST', {
        email,
        password: TEST_PASSWORD,
      });
      expect(locked.status).toBe(429);
    }
  });

  it('sends each mail exactly once while both processes send', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createPerson(database.db)));
    const browser = new Browser('10.0.0.3');
    await Promise.all(
      people.map(({ email }, i) =>
        browser.request(`${urls[i % 2]}/api/auth/password-reset-request/`, 'POST', { email }),
      ),
    );
    // and a burst that only the polling of both processes finds
    const burst = Array.from({ length: 40 }, (_, i) => `burst${i}@example.ch`);
    await database.db.insert(mailOutbox).values(
      burst.map((to) => ({
        template: 'invitation',
        recipient: to,
        subject: 'Test',
        text: 'Test',
      })),
    );

    const expected = [...people.map((p) => p.email), ...burst].sort();
    for (let waited = 0; delivered.length < expected.length && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // a second sender that was going to send one again would have done so by now
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...delivered].sort()).toEqual(expected);
  }, 40_000);

  it('mails each notification exactly once while both processes dispatch', async () => {
    const student = await createPerson(database.db, { withUser: false });
    const people = await Promise.all(Array.from({ length: 30 }, () => createPerson(database.db)));
    await database.db.insert(notifications).values(
      people.map(({ profile }) => ({
        recipientId: profile.id,
        kind: 'ASSESSMENT_VALIDATED' as const,
        studentId: student.profile.id,
        params: { module_name: 'Module' },
      })),
    );
    const expected = people.map((p) => p.email).sort();
    const received = () => delivered.filter((to) => expected.includes(to));
    for (let waited = 0; received().length < expected.length && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received().sort()).toEqual(expected);
  }, 40_000);
});
