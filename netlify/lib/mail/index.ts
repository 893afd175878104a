import { db, type Db } from '../db.ts';
import { env } from '../env.ts';
import { log } from '../log.ts';
import { consoleTransport } from './console.ts';
import { postmarkTransport } from './postmark.ts';

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; tag?: string };

/** The Mailer port: one delivery attempt; throws on failure, returns the provider's message id. */
export interface MailTransport {
  name: string;
  send(message: OutgoingEmail & { from: string }): Promise<string | undefined>;
}

const HEADER_UNSAFE = /[\r\n]/;

/**
 * Writes an email to the outbox inside the caller's transaction: the fact and the email that
 * reports it commit (or roll back) together. Delivery happens after commit (`deliverDue`).
 */
export async function enqueueEmail(tx: Db, email: OutgoingEmail): Promise<void> {
  if (HEADER_UNSAFE.test(email.to) || HEADER_UNSAFE.test(email.subject)) {
    throw new Error('Line breaks are not allowed in email headers');
  }
  await tx`insert into email_outbox (to_address, subject, text_body, html_body, tag)
           values (${email.to}, ${email.subject}, ${email.text}, ${email.html ?? null}, ${email.tag ?? 'general'})`;
}

export function transport(): MailTransport {
  return env().POSTMARK_SERVER_TOKEN ? postmarkTransport() : consoleTransport;
}

const MAX_ATTEMPTS = 8;

/** Minutes to wait before the next try: 1, 2, 4, 8 ... capped at 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

/**
 * Delivers due outbox messages. Rows are claimed with SKIP LOCKED (and their next attempt pushed
 * out) so parallel runs never send one message twice; a failure is retried later with backoff.
 */
export async function deliverDue({ limit = 20, via = transport() } = {}): Promise<{ sent: number; failed: number }> {
  const claimed = await db()<
    { id: string; to_address: string; subject: string; text_body: string; html_body: string | null; tag: string; attempts: number }[]
  >`
    update email_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '10 minutes'
    where id in (
      select id from email_outbox where status = 'pending' and next_attempt_at <= now()
      order by id limit ${limit} for update skip locked)
    returning id, to_address, subject, text_body, html_body, tag, attempts`;
  let sent = 0;
  let failed = 0;
  const from = env().MAIL_FROM;
  for (const row of claimed) {
    try {
      const messageId = await via.send({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        tag: row.tag,
      });
      await db()`update email_outbox set status = 'sent', sent_at = now(), provider_message_id = ${messageId ?? null}, last_error = null where id = ${row.id}`;
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db()`update email_outbox set last_error = ${message},
        status = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(mins => ${backoffMinutes(row.attempts)})
        where id = ${row.id}`;
      log.warn('email delivery failed', { outboxId: row.id, attempts: row.attempts, giveUp, error: message });
    }
  }
  return { sent, failed };
}

/** After a request commits its outbox rows: try to deliver now, never failing the request. */
export async function deliverSoon(): Promise<void> {
  try {
    await deliverDue({ limit: 10 });
  } catch (error) {
    log.warn('outbox delivery deferred', { error });
  }
}
