/**
 * The email channel: one try of a claimed email row through the Mailer port (mail/transport/:
 * Postmark, or the console on a local run), with List-Unsubscribe on marketing and, for an address
 * the person typed again, the provider asked to send to it again first.
 */
import { db, env, log } from '../platform/index.ts';
import { PermanentDeliveryError, type MailTransport, unsubscribeHeaders } from '../mail/index.ts';
import { suppressAddress } from './suppressions.ts';
import type { ChannelOutcome } from './types.ts';

export type EmailRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  tag: string;
  retyped: boolean;
  marketing: boolean;
};

export async function sendEmail(via: MailTransport, row: EmailRow, timeoutMs: number): Promise<ChannelOutcome> {
  try {
    if (row.retyped) await reactivateRetyped(via, row.to_address, timeoutMs);
    const messageId = await via.send(
      {
        from: env().MAIL_FROM,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        tag: row.tag,
        ...(row.marketing ? { headers: await unsubscribeHeaders(row.to_address) } : {}),
      },
      { signal: AbortSignal.timeout(timeoutMs) },
    );
    return { sent: messageId ?? null };
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    // A refusal no retry can fix fails at once; an undeliverable address is marked as such.
    const permanent = error instanceof PermanentDeliveryError;
    if (permanent && error.addressProblem) {
      await suppressAddress({ address: row.to_address, reason: error.addressProblem, detail: message, source: 'send' }, db());
    } else if (permanent) {
      log.error('email refused by the provider: the message is at fault', { outboxId: row.id, tag: row.tag, error: message });
    }
    return { failed: message, permanent };
  }
}

/**
 * The person typed a bounced address again for this email: the provider is asked to send to it
 * again first (a hard bounce can be lifted; a spam complaint cannot), best effort.
 */
async function reactivateRetyped(via: MailTransport, address: string, timeoutMs: number): Promise<void> {
  if (!via.reactivate) return;
  const [bounce] = await db()<{ provider_bounce_id: string }[]>`
    select provider_bounce_id from email_suppressions
    where address = ${address.trim().toLowerCase()} and cleared_at is null and can_reactivate and provider_bounce_id is not null`;
  if (!bounce) return;
  try {
    await via.reactivate(bounce.provider_bounce_id, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    log.warn('the provider kept a retyped address inactive', { error });
  }
}
