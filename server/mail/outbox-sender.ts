import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

/** How the outbox retries: attempts, the wait after the n-th failure, a sender's lease. */
export const OUTBOX = {
  maxAttempts: 10,
  firstRetryMs: 10_000,
  maxRetryMs: 60 * 60_000,
  leaseSeconds: 120,
  pollMs: 5_000,
  batch: 20,
  /** sent mails are kept this long (for an operator's questions), then deleted */
  keepSentDays: 7,
} as const;

/** 10 s, 20 s, 40 s … doubling up to an hour: about 11 hours from first to last attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.firstRetryMs * 2 ** (attempts - 1), OUTBOX.maxRetryMs);
}

interface ClaimedMail {
  id: number;
  template: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/**
 * Sends what the outbox holds. Rows are claimed with a lease under `FOR UPDATE SKIP LOCKED`, so
 * several processes on one database never send a mail twice, and no transaction stays open
 * while the mail server answers; a process that dies mid-send leaves rows that another takes
 * over when their lease ends. Woken at once after a local commit, it polls for other processes'.
 */
export class OutboxSender {
  private readonly db: Db;
  private readonly transport: Mailer;
  private readonly log: FastifyBaseLogger;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private readonly prepare: ((now: Date) => Promise<void>) | undefined;

  /** `prepare` writes what becomes mail now (the notifications due) before each pass. */
  constructor(options: {
    db: Db;
    transport: Mailer;
    log: FastifyBaseLogger;
    prepare?: (now: Date) => Promise<void>;
  }) {
    this.db = options.db;
    this.transport = options.transport;
    this.log = options.log;
    this.prepare = options.prepare;
  }

  /** Starts polling; `stop()` ends it. */
  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Finishes the batch under way, then polls no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Looks at the outbox now (after a commit that enqueued mail). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => this.pruneSent())
      .catch((error: unknown) => this.log.warn({ code: codeOf(error) }, 'mail outbox: pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.timer = setTimeout(() => this.wake(), OUTBOX.pollMs).unref();
      });
  }

  /** Sends every mail that is due now; answers how many were sent. */
  async drain(now = () => new Date()): Promise<number> {
    await this.prepare?.(now());
    let sent = 0;
    for (;;) {
      const batch = await this.claim(now());
      if (batch.length === 0) return sent;
      for (const mail of batch) if (await this.deliver(mail, now())) sent++;
    }
  }

  private async claim(now: Date): Promise<ClaimedMail[]> {
    const leaseEnd = new Date(now.getTime() + OUTBOX.leaseSeconds * 1000).toISOString();
    const nowIso = now.toISOString();
    const result = await this.db.execute(sql`
      update ${mailOutbox} set claimed_until = ${leaseEnd}::timestamptz, attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= ${nowIso}::timestamptz
          and (claimed_until is null or claimed_until < ${nowIso}::timestamptz)
        order by id limit ${OUTBOX.batch}
        for update skip locked)
      returning id, template, recipient, subject, text, html, attempts`);
    return (result as unknown as { rows: ClaimedMail[] }).rows;
  }

  private async deliver(mail: ClaimedMail, now: Date): Promise<boolean> {
    try {
      await this.transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    } catch (error) {
      await this.failed(mail, now, codeOf(error));
      return false;
    }
    await this.db
      .update(mailOutbox)
      .set({ sentAt: now, claimedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    this.log.info({ mail_id: mail.id, template: mail.template }, 'mail sent');
    return true;
  }

  private async failed(mail: ClaimedMail, now: Date, code: string): Promise<void> {
    const last = mail.attempts >= OUTBOX.maxAttempts;
    const retryAt = new Date(now.getTime() + retryDelayMs(mail.attempts));
    await this.db
      .update(mailOutbox)
      .set({
        claimedUntil: null,
        lastError: code,
        ...(last ? { failedAt: now } : { nextAttemptAt: retryAt }),
      })
      .where(eq(mailOutbox.id, mail.id));
    const line = { mail_id: mail.id, template: mail.template, attempts: mail.attempts, code };
    if (last) this.log.error(line, 'mail outbox: gave up on a mail');
    else this.log.warn({ ...line, retry_at: retryAt.toISOString() }, 'mail outbox: send failed');
  }

  private async pruneSent(): Promise<void> {
    const before = new Date(Date.now() - OUTBOX.keepSentDays * 24 * 3600_000);
    await this.db
      .delete(mailOutbox)
      .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, before)));
  }
}

/** An SMTP reply code or a socket error code: what may be logged of a failure. */
function codeOf(error: unknown): string {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return String(responseCode);
  return typeof code === 'string' ? code : 'unknown';
}
