/**
 * POST /payment/webhook: Razorpay tells us about payments even when the browser never came back.
 * The signature is checked over the raw body; each event id is stored in the same transaction as
 * its effect, so an event is applied once and a database failure (5xx) lets Razorpay retry it.
 * refund.processed / refund.failed settle our refunds (./refunds.ts) the same way.
 */
import { createHash } from 'node:crypto';
import { releaseForOrder } from '../codes/index.ts';
import { db, HttpError, log, recordWebhook } from '../platform/index.ts';
import { completeOrder, recordFailedAttempt, type CompletionOutcome } from './completions.ts';
import { gateway } from './gateway/index.ts';
import { fromRazorpayPayment, fromRazorpayRefund } from './gateway/razorpay.ts';
import { applyGatewayRefund } from './refunds/records.ts';

export const HANDLED_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'] as const;
export const REFUND_EVENTS = ['refund.processed', 'refund.failed'] as const;

type Entity = { id?: unknown; order_id?: unknown; status?: unknown; amount?: unknown; currency?: unknown };
type RefundEntity = { id?: unknown; payment_id?: unknown; amount?: unknown; status?: unknown; receipt?: unknown };
type WebhookBody = {
  event?: unknown;
  payload?: { payment?: { entity?: Entity }; order?: { entity?: Entity }; refund?: { entity?: RefundEntity } };
};

export type WebhookResult = {
  status: 'processed' | 'duplicate' | 'ignored';
  outcome?: CompletionOutcome | 'failed-recorded' | 'refund-settled' | 'refund-unchanged';
};

/** Refuses a webhook (counted for the operations screen: refusals in a row raise an alert). */
async function refuse(reason: string): Promise<never> {
  await recordWebhook('razorpay', reason);
  throw new HttpError(400, reason);
}

export async function handleWebhook(rawBody: string, signature: string | null, eventIdHeader: string | null): Promise<WebhookResult> {
  if (!signature || !gateway().verifyWebhookSignature(rawBody, signature)) return refuse('Invalid webhook signature');
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    return refuse('The webhook body is not valid JSON');
  }
  const event = typeof body.event === 'string' ? body.event.slice(0, 100) : '';
  if (!event) return refuse('The webhook has no event');
  const result = await applyEvent(rawBody, body, event, eventIdHeader);
  await recordWebhook('razorpay', null);
  return result;
}

async function applyEvent(rawBody: string, body: WebhookBody, event: string, eventIdHeader: string | null): Promise<WebhookResult> {
  // Razorpay sends x-razorpay-event-id; without it the body itself identifies the delivery.
  const eventId = (eventIdHeader?.trim() || `body_${createHash('sha256').update(rawBody).digest('hex')}`).slice(0, 200);
  const entity = body.payload?.payment?.entity;
  const payment =
    entity && typeof entity.id === 'string' ? fromRazorpayPayment(entity as Parameters<typeof fromRazorpayPayment>[0]) : undefined;
  const orderId = payment?.orderId || (typeof body.payload?.order?.entity?.id === 'string' ? body.payload.order.entity.id : '');

  return db().begin(async (tx) => {
    const fresh = await tx`insert into payment_events (event_id, event, order_id, payment_id)
                           values (${eventId}, ${event}, ${orderId || null}, ${payment?.id ?? null})
                           on conflict (event_id) do nothing returning event_id`;
    if (fresh.length === 0) return { status: 'duplicate' } as const;
    if ((REFUND_EVENTS as readonly string[]).includes(event)) {
      const entity = body.payload?.refund?.entity;
      if (!entity || typeof entity.id !== 'string' || typeof entity.payment_id !== 'string') return { status: 'ignored' } as const;
      // The event names the outcome; the entity's status says the same on Razorpay's side.
      const refund = fromRazorpayRefund({
        ...(entity as Parameters<typeof fromRazorpayRefund>[0]),
        status: event === 'refund.processed' ? 'processed' : 'failed',
      });
      const before = await tx<{ status: string }[]>`
        select status from refunds where gateway_refund_id = ${refund.id} or (gateway_refund_id is null and id = ${refund.receipt ?? ''})`;
      const row = await applyGatewayRefund(refund, 'webhook', tx);
      if (!row) return { status: 'ignored' } as const;
      return { status: 'processed', outcome: before[0]?.status === row.status ? 'refund-unchanged' : 'refund-settled' } as const;
    }
    if (!(HANDLED_EVENTS as readonly string[]).includes(event) || !payment || !orderId) return { status: 'ignored' } as const;
    if (event === 'payment.failed') {
      await recordFailedAttempt(orderId, tx);
      // A failed order's code use is free again at once; should the order still be paid, the record step
      // takes it again while the code has room, or the capture is refunded.
      await releaseForOrder(orderId, tx);
      return { status: 'processed', outcome: 'failed-recorded' } as const;
    }
    const outcome = await completeOrder(orderId, payment, 'webhook', tx);
    if (outcome !== 'paid' && outcome !== 'already')
      log.warn('webhook payment not recorded', { event, orderId, paymentId: payment.id, outcome });
    return { status: 'processed', outcome } as const;
  });
}
