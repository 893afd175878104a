/**
 * The outbox's second channel (docs/whatsapp.md): a WhatsApp row is written, claimed, retried and
 * settled by the same loop as an email, so it is delivered once, after the answer or by the
 * scheduled run. What a WhatsApp send is belongs to the messaging domain, which hands its sender
 * in (this domain stays below it). An email row is never given to a channel sender.
 */
import { currentRequest, type Db, log } from '../platform/index.ts';
import { PermanentDeliveryError } from './transport/types.ts';

/** A claimed WhatsApp row as the sender sees it. */
export type ChannelRow = {
  id: string;
  /** The number, E.164. */
  to_address: string;
  recipient_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  tag: string;
  attempts: number;
  wa_template: string | null;
  wa_language: 'en' | 'hi' | null;
  wa_variables: string[] | null;
  wa_text: string | null;
  wa_sent_by: string | null;
};

/** Sends one WhatsApp row; throws PermanentDeliveryError when no retry can help. */
export interface ChannelSender {
  /** The provider's message id, or null when the row must not go (the person withdrew). */
  send(row: ChannelRow, options: { signal: AbortSignal }): Promise<string | null>;
  /** The row failed for good: the sender writes what goes instead (the email), at most once. */
  gaveUp(row: ChannelRow, reason: string): Promise<void>;
}

export type WhatsAppRow = {
  phone: string;
  email: string;
  /** The email written instead if this message cannot go. */
  fallback: { subject: string; text: string; html?: string };
  tag: string;
  template?: { name: string; language: 'en' | 'hi'; variables: string[] };
  text?: string;
  sentBy?: string | null;
};

/**
 * Writes a WhatsApp row in the caller's transaction; inside a request it is delivered after the
 * answer with `sender` (the scheduled run takes it otherwise).
 */
export async function enqueueWhatsApp(tx: Db, row: WhatsAppRow, deliverAfterAnswer: (ids: string[]) => Promise<void>): Promise<string> {
  const [inserted] = await tx<{ id: string }[]>`
    insert into email_outbox (channel, to_address, recipient_email, subject, text_body, html_body, tag,
                              wa_template, wa_language, wa_variables, wa_text, wa_sent_by)
    values ('whatsapp', ${row.phone}, ${row.email.toLowerCase()}, ${row.fallback.subject}, ${row.fallback.text},
            ${row.fallback.html ?? null}, ${row.tag}, ${row.template?.name ?? null}, ${row.template?.language ?? null},
            ${row.template ? tx.json(row.template.variables) : null}, ${row.text ?? null}, ${row.sentBy ?? null})
    returning id::text as id`;
  const request = currentRequest();
  if (request) request.after(() => deliverAfterAnswer([inserted!.id]));
  return inserted!.id;
}

export type ChannelOutcome = 'sent' | 'cancelled' | 'retry' | 'failed';

/** One WhatsApp row through its sender; the row's status is settled here like an email's. */
export async function deliverChannelRow(
  sql: Db,
  row: ChannelRow,
  sender: ChannelSender,
  signal: AbortSignal,
  backoff: { minutes: number; giveUp: boolean },
): Promise<ChannelOutcome> {
  try {
    const messageId = await sender.send(row, { signal });
    if (messageId === null) {
      await sql`update email_outbox set status = 'cancelled', last_error = 'Not sent: WhatsApp consent withdrawn' where id = ${row.id}`;
      return 'cancelled';
    }
    await sql`update email_outbox set status = 'sent', sent_at = now(), provider_message_id = ${messageId}, last_error = null
              where id = ${row.id} and status = 'pending'`;
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    const giveUp = error instanceof PermanentDeliveryError || backoff.giveUp;
    await sql`update email_outbox set last_error = ${message}, status = ${giveUp ? 'failed' : 'pending'},
              next_attempt_at = now() + make_interval(mins => ${backoff.minutes}) where id = ${row.id}`;
    log.warn('whatsapp delivery failed', { outboxId: row.id, attempts: row.attempts, giveUp, error: message });
    if (giveUp) await sender.gaveUp(row, message);
    return giveUp ? 'failed' : 'retry';
  }
}
