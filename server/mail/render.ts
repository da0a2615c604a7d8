import type { Locale } from '../../domain/constants.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import type { Mail } from './mailer.ts';

/**
 * One language of a mail. Every string may hold `{name}` placeholders filled from the params;
 * a placeholder without a value is a programming error and throws.
 */
interface MailContent {
  subject: string;
  /** The first line, e.g. 'Bonjour {first_name},' */
  greeting?: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A link the reader follows, shown as a button in HTML and as a bare URL in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the link, e.g. when the link expires, who to contact. */
  after?: string[];
  signature?: string;
}

/** A mail in every language of the application: `{fr, de, it}`. */
export type MailTemplate = Record<Locale, MailContent>;

export type MailParams = Record<string, string | number>;

/** Fills the template in the recipient's language: subject, plain text and simple HTML. */
export function renderMail(
  template: MailTemplate,
  options: { to: string; locale: Locale; params?: MailParams },
): Mail {
  const content = template[options.locale] ?? template.fr;
  const fill = (text: string) => interpolate(text, options.params ?? {});
  const greeting = content.greeting ? fill(content.greeting) : undefined;
  const paragraphs = content.paragraphs.map(fill);
  const after = (content.after ?? []).map(fill);
  const action = content.action
    ? { label: fill(content.action.label), url: fill(content.action.url) }
    : undefined;
  const signature = content.signature ? fill(content.signature) : undefined;

  const textBlocks = [
    greeting,
    ...paragraphs,
    action ? `${action.label}:\n${action.url}` : undefined,
    ...after,
    signature,
  ].filter((block): block is string => block !== undefined);

  const htmlBlocks = [
    greeting && `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action &&
      `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#1f4e79;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>` +
        `<p style="font-size:12px;color:#555555">${escapeHtml(action.url)}</p>`,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    signature && `<p>${escapeHtml(signature)}</p>`,
  ].filter(Boolean);

  return {
    to: options.to,
    subject: fill(content.subject).replace(/[\r\n]+/g, ' '),
    text: `${textBlocks.join('\n\n')}\n`,
    html:
      `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8">` +
      `<title>${escapeHtml(fill(content.subject))}</title></head>` +
      `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">` +
      `${htmlBlocks.join('\n')}</body></html>`,
  };
}

/** Replaces `{name}` by params.name; throws on a placeholder without value. */
function interpolate(text: string, params: MailParams): string {
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`mail placeholder {${name}} has no value`);
    return String(value);
  });
}
