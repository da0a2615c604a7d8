import type { Queryable } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mail } from './mailer.ts';

/** The mails the application sends, by the name their outbox rows and log lines carry. */
export type MailTemplateName =
  | 'invitation'
  | 'password-reset'
  | 'email-change-confirm'
  | 'email-change-notice'
  | 'second-factor-reset'
  | 'notification'
  | 'sign-link'
  | 'notification-digest';

/**
 * Puts a mail in the outbox, on the transaction of the change that causes it: committed with
 * the change or not at all. The OutboxSender delivers it; call its `wake()` after the commit.
 */
export async function enqueueMail(
  db: Queryable,
  template: MailTemplateName,
  mail: Mail,
): Promise<void> {
  await db.insert(mailOutbox).values({
    template,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
  });
}
