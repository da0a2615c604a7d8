import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { markSecondFactorProved, SESSION_COOKIE } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { testConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { freshDatabase } from './database.ts';

/** A mailer that keeps what it sends, for tests that read the mail a person would receive. */
export class MailBox implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  last(to?: string): Mail | undefined {
    return this.sent.filter((m) => !to || m.to === to).at(-1);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mail: MailBox;
  config: Config;
  client(): ApiClient;
  close(): Promise<void>;
}

/** The whole application on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const config = testConfig(overrides);
  const mail = new MailBox();
  const app = await buildApp({ config, database, mailer: mail, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    mail,
    config,
    client: () => new ApiClient(app),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Body = InjectOptions['payload'];

let clients = 0;

/**
 * A browser-like client: keeps cookies, echoes the CSRF cookie, speaks a chosen language, and
 * comes from an address of its own (as the proxy of the tests' config says), so the per-address
 * rate limits count each client apart unless a test gives an address.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  language = 'fr';
  readonly address = `198.18.${Math.floor(++clients / 250) % 250}.${(clients % 250) + 1}`;
  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !this.cookies.has('csrftoken'))
      await this.request('GET', '/api/about/');
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      payload: body,
      headers: {
        'accept-language': this.language,
        'x-forwarded-for': this.address,
        ...(cookie ? { cookie } : {}),
        ...(this.cookies.has('csrftoken') ? { 'x-csrftoken': this.cookies.get('csrftoken')! } : {}),
        ...headers,
      },
    });
    this.keepCookies(response);
    // what a request put in the mail outbox reaches the mailbox before the test reads it
    if (method !== 'GET') await this.app.outbox.drain();
    return response;
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request('GET', url, undefined, headers);
  post = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  patch = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('PATCH', url, body, headers);
  delete = (url: string, headers?: Record<string, string>) =>
    this.request('DELETE', url, undefined, headers);

  /**
   * Signs in with the password; the second factor a role requires counts as proved, as after a
   * complete sign-in (tests of the second factor post to the sign-in routes themselves).
   */
  async login(email: string, password: string): Promise<this> {
    const response = await this.post('/api/auth/login/', { email, password });
    if (response.statusCode !== 200)
      throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    const sessionId = this.cookies.get(SESSION_COOKIE)!;
    await markSecondFactorProved(this.app.deps.database.db, hashToken(sessionId));
    return this;
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()))
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}
