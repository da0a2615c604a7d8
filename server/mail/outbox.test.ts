import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { ApiClient } from '../test/app.ts';
import { freshDatabase } from '../test/database.ts';
import { createPerson } from '../test/factories.ts';
import { createMailer } from './mailer.ts';
import { OUTBOX, retryDelayMs } from './outbox-sender.ts';

/** A real SMTP server that refuses every mail (451, try later) until told to accept. */
let accepting = false;
const delivered: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (accepting) return callback();
    const refusal = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
    refusal.responseCode = 451;
    callback(refusal);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      delivered.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let logged = '';
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  database = await freshDatabase();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'info', SMTP_URL: `smtp://127.0.0.1:${port}` });
  app = await buildApp({
    config,
    database,
    logStream,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      mailDir: '',
      from: config.MAIL_FROM,
      log: {} as never,
    }),
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const rows = () => database.db.select().from(mailOutbox);

it('keeps a refused mail, retries it later and delivers it once, never answering 500', async () => {
  const { email } = await createPerson(database.db, { profile: { firstName: 'Ottilie' } });
  const client = new ApiClient(app);
  const response = await client.post('/api/auth/password-reset-request/', { email });
  expect(response.statusCode).toBe(200);

  // the client drained the outbox once: the server refused, the mail waits for its retry
  const [waiting] = await rows();
  expect(delivered).toHaveLength(0);
  expect(waiting).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: '451' });
  expect(waiting!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 2000);

  // not due yet: nothing is sent even when the server would accept
  accepting = true;
  expect(await app.outbox.drain()).toBe(0);
  const later = () => new Date(Date.now() + retryDelayMs(1) + 1000);
  expect(await app.outbox.drain(later)).toBe(1);
  expect(await app.outbox.drain(later)).toBe(0);

  expect(delivered).toHaveLength(1);
  expect(delivered[0]!.to).toEqual([email]);
  expect(delivered[0]!.raw).toContain('set-password');
  const [sent] = await rows();
  expect(sent!.sentAt).not.toBeNull();
  // the log says which mail and what went wrong, never to whom
  expect(logged).toContain('"template":"password-reset"');
  expect(logged).toContain('"code":"451"');
  expect(logged).not.toContain(email);
  expect(logged).not.toContain('Ottilie');
});

it('gives up after its last attempt and keeps the row for an operator', async () => {
  accepting = false;
  await database.db.delete(mailOutbox);
  const { email } = await createPerson(database.db);
  await new ApiClient(app).post('/api/auth/password-reset-request/', { email });
  let clock = Date.now();
  for (let attempt = 1; attempt < OUTBOX.maxAttempts; attempt++) {
    clock += retryDelayMs(attempt) + 1000;
    await app.outbox.drain(() => new Date(clock));
  }
  const [row] = await rows();
  expect(row).toMatchObject({ attempts: OUTBOX.maxAttempts, sentAt: null, lastError: '451' });
  expect(row!.failedAt).not.toBeNull();
  expect(await app.outbox.drain(() => new Date(clock + OUTBOX.maxRetryMs * 2))).toBe(0);
  expect(logged).toContain('gave up on a mail');
});
