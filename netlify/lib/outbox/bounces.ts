/**
 * What a bounce changes here (mail/bounces.ts reads Postmark's webhook): the email it names
 * failed (accepted by Postmark, it never arrived), and its address is undeliverable from now on.
 */
import type { PostmarkBounce } from '../mail/index.ts';
import { db } from '../platform/index.ts';
import { suppressAddress } from './suppressions.ts';

export type BounceWebhookAnswer = { status: 'suppressed' | 'already' | 'ignored' };

export async function recordBounce(bounce: PostmarkBounce | null): Promise<BounceWebhookAnswer> {
  if (!bounce) return { status: 'ignored' };
  if (bounce.messageId) {
    await db()`update email_outbox set status = 'failed', last_error = ${bounce.why}
               where provider_message_id = ${bounce.messageId} and status = 'sent'`;
  }
  const fresh = await suppressAddress({
    address: bounce.address,
    reason: bounce.reason,
    detail: bounce.detail,
    source: 'webhook',
    bounceId: bounce.bounceId,
    canReactivate: bounce.canReactivate,
    bouncedAt: bounce.bouncedAt,
  });
  return { status: fresh ? 'suppressed' : 'already' };
}
