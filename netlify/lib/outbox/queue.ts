/**
 * Sending: every message is written to the one outbox in the caller's transaction, so the fact
 * and the message that reports it commit (or roll back) together. Inside a request, the rows it
 * wrote are delivered once its answer is ready (http.ts hands that to Netlify's waitUntil);
 * anything not delivered then is sent by the scheduled mail-retry function (deliver.ts: one loop
 * for every channel, with retries, the WhatsApp message's fallback email and suppression).
 */
import { composeEmail } from '../mail/index.ts';
import { type Db, currentRequest, type RequestScope } from '../platform/index.ts';
import { deliverWritten } from './deliver.ts';
import { writeFallbackEmail } from './fallback.ts';
import { checkMessage } from './kinds.ts';
import type { LaidOutEmail, OutboxMessage, OutgoingEmail } from './types.ts';
import { writeEmail, writeWhatsApp, type Written } from './write.ts';

/**
 * Writes one message and answers its row id, or null when nothing was written (an erased
 * address, marketing nobody may get, a visitor's daily cap). A message that does not fit its
 * kind (kinds.ts) throws before anything is written.
 */
export async function send(tx: Db, message: OutboxMessage): Promise<string | null> {
  checkMessage(message);
  const written =
    message.kind === 'whatsapp'
      ? await writeWhatsApp(tx, message.whatsapp)
      : await writeEmail(tx, message.kind === 'email' ? message.email : laidOut(message.email));
  return written && deliverAfterAnswer(written);
}

function laidOut({ content, ...email }: LaidOutEmail): OutgoingEmail {
  return { ...email, ...composeEmail(content) };
}

/** An email (the name most callers know): `send(tx, { kind: 'email', email })`. */
export function enqueueEmail(tx: Db, email: OutgoingEmail): Promise<string | null> {
  return send(tx, { kind: 'email', email });
}

/**
 * Queued WhatsApp messages that must not go any more (the person withdrew, the number replied
 * STOP): cancelled at once, each one's email written instead (unless written already).
 */
export async function cancelWhatsApp(tx: Db, to: { email: string } | { phone: string }, reason: string): Promise<number> {
  const match = 'email' in to ? tx`recipient_email = ${to.email.toLowerCase()}` : tx`to_address = ${to.phone}`;
  const queued = await tx<{ id: string }[]>`
    update email_outbox set status = 'cancelled', last_error = ${reason}
    where channel = 'whatsapp' and ${match} and status = 'pending'
    returning id::text as id`;
  for (const row of queued) await fallBackToEmail(tx, row.id);
  return queued.length;
}

/** A WhatsApp message that failed after it was sent (a later "failed" status): its email goes instead, once. */
export async function fallBackToEmail(tx: Db, outboxId: string): Promise<void> {
  const written = await writeFallbackEmail(tx, outboxId);
  if (written) deliverAfterAnswer(written);
}

const writtenBy = new WeakMap<RequestScope, string[]>();

/** Inside a request: the row joins the request's rows, delivered together after the answer. */
function deliverAfterAnswer(written: Written): string {
  const request = currentRequest();
  if (!written.due || !request) return written.id;
  let ids = writtenBy.get(request);
  if (!ids) {
    const mine: string[] = [];
    writtenBy.set(request, (ids = mine));
    request.after(() => deliverWritten(mine));
  }
  ids.push(written.id);
  return written.id;
}
