import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { renderMail, type MailTemplate } from './render.ts';

const template: MailTemplate = {
  fr: {
    subject: 'Réinitialisation du mot de passe',
    paragraphs: ['Bonjour {name}, voici votre lien.'],
    action: { label: 'Choisir un mot de passe', url: '{link}' },
  },
  de: { subject: 'Passwort zurücksetzen', paragraphs: ['Guten Tag {name}'] },
  it: { subject: 'Reimpostare la password', paragraphs: ['Buongiorno {name}'] },
};
const link = 'http://localhost:3000/set-password?user=7&token=abcdef0123456789';
const mail = renderMail(template, {
  to: 'zoe.favre@example.ch',
  locale: 'fr',
  params: { name: 'Zoé', link },
});

/** A logger that keeps its info lines. */
function recordingLog() {
  const lines: { data: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (data: Record<string, unknown>, message: string) => lines.push({ data, message }),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

// quoted-printable soft line breaks and encoded characters, enough to read the text back
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file under the mail folder and logs it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vet-mail-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const mailDir = path.join(dir, 'mail');
    const { log, lines } = recordingLog();
    const mailer = createMailer({ mailDir, from: 'VET <no-reply@example.ch>', log });
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'other@example.ch' });

    const files = readdirSync(mailDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const eml = readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: VET <no-reply@example\.ch>$/m);
    expect(eml).toMatch(/^To: zoe\.favre@example\.ch$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain('multipart/alternative');
    expect(decode(eml)).toContain(link);
    // the file's place only: the outbox logs which mail it was, nobody logs to whom
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!.data)).toEqual(['file']);
    expect(String(lines[0]!.data.file)).toContain(mailDir);
  });
});

describe('mailer with SMTP_URL', () => {
  it('delivers the mail to an SMTP server over a real socket', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;

    const { log, lines } = recordingLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailDir: path.join(tmpdir(), 'never-used'),
      from: 'VET <no-reply@example.ch>',
      log,
    });
    await mailer.send(mail);

    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@example.ch');
    expect(received[0]!.to).toEqual(['zoe.favre@example.ch']);
    expect(received[0]!.raw).toMatch(/^To: zoe\.favre@example\.ch\r?$/m);
    expect(decode(received[0]!.raw)).toContain(link);
    expect(JSON.stringify(lines)).not.toContain('zoe.favre');
  });
});
