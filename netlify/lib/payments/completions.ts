/**
 * The ONE place where a gateway order becomes paid.
 *
 * The browser's verify call (`confirmCheckout`), the webhook and the scheduled re-check all end
 * in `completeOrder`, which locks our ledger row (`payment_orders ... for update`), moves it to
 * paid once (unique payment id), then hands it to the handler of the order's purpose in
 * PURPOSES, through the shared record step (./record.ts: domain row, ledger, invoice, receipt email).
 * Everything happens in the SAME transaction, so the payment, the domain record, its invoice and
 * its email commit together, exactly once, however many callers race.
 *
 * Adding something payable: README, "Adding something payable".
 */
import { coursePurpose } from '../shop/paid.ts';
import { db, type Tx, currentRequest, log } from '../platform/index.ts';
import { instalmentPurpose } from '../instalments/paid.ts';
import { registrationPurpose } from '../registrations/paid.ts';
import type { GatewayPayment } from './gateway/types.ts';
import type { CompletionHandler, Purpose, PurposeDefinition } from './purpose.ts';
import { recordCapturedPayment } from './record.ts';
import { refundDuplicateCaptures } from './refunds/duplicates.ts';

export type { CompletionHandler, Purpose };

/**
 * Every payable purpose, registered once (each defined in its own paid.ts with `definePurpose`):
 * the type makes a purpose of src/shared/money-view.ts without a definition a compile error.
 */
export const PURPOSES: { [Id in Purpose]: PurposeDefinition<Id> } = {
  registration: registrationPurpose,
  course: coursePurpose,
  instalment: instalmentPurpose,
};

/** Refunds every capture the ledger keeps as 'duplicate' and not refunded yet (../refunds/duplicates.ts). */
export function refundDuplicatePayments(limit?: number): Promise<number> {
  return refundDuplicateCaptures(PURPOSES, limit);
}

/** Work each scheduled run does after the re-check (refunding duplicate captures not done yet). */
export async function runSweeps(): Promise<void> {
  await refundDuplicatePayments().catch((error: unknown) => log.warn('payment sweep failed', { sweep: 'duplicate-refunds', error }));
}

export class UnknownPurposeError extends Error {
  constructor(orderId: string, purpose: string) {
    super(`Paid order ${orderId} has purpose "${purpose}", which nothing handles: add it to PURPOSES`);
    this.name = 'UnknownPurposeError';
  }
}

function purposeOf(orderId: string, purpose: string): PurposeDefinition {
  if (!Object.hasOwn(PURPOSES, purpose)) throw new UnknownPurposeError(orderId, purpose);
  return PURPOSES[purpose as Purpose];
}

export type CompletedBy = 'checkout' | 'webhook' | 'recheck';

/**
 * - paid: this call recorded the payment;
 * - already: the order was already paid by this same payment (a repeat: nothing new);
 * - other-payment: the order was already paid by ANOTHER payment (a double charge to refund);
 * - mismatch: the payment is not a captured payment of this order for its amount in INR;
 * - unknown-order: we never opened this order.
 * An order whose purpose has no handler throws UnknownPurposeError: nothing is recorded (the
 * transaction rolls back), the webhook answers 5xx and Razorpay retries once it is fixed.
 */
export type CompletionOutcome = 'paid' | 'already' | 'other-payment' | 'mismatch' | 'unknown-order';

type LedgerRow = {
  id: string;
  purpose: string;
  amount_paise: string;
  currency: string;
  status: 'created' | 'failed' | 'paid';
  payment_id: string | null;
};

export async function completeOrder(gatewayOrderId: string, payment: GatewayPayment, by: CompletedBy, tx?: Tx): Promise<CompletionOutcome> {
  const work = async (t: Tx): Promise<CompletionOutcome> => {
    const [order] = await t<LedgerRow[]>`
      select id, purpose, amount_paise, currency, status, payment_id from payment_orders where id = ${gatewayOrderId} for update`;
    if (!order) return 'unknown-order';
    if (order.status === 'paid') {
      if (order.payment_id === payment.id) return 'already';
      log.error('order paid twice: refund the second payment', {
        orderId: order.id,
        paymentId: payment.id,
        firstPaymentId: order.payment_id,
      });
      return 'other-payment';
    }
    if (
      payment.status !== 'captured' ||
      payment.orderId !== order.id ||
      payment.amountPaise !== Number(order.amount_paise) ||
      payment.currency !== order.currency
    ) {
      log.warn('payment does not match its order', { orderId: order.id, paymentId: payment.id, status: payment.status, by });
      return 'mismatch';
    }
    const purpose = purposeOf(order.id, order.purpose);
    await t`update payment_orders set status = 'paid', payment_id = ${payment.id}, paid_at = now(), completed_by = ${by} where id = ${order.id}`;
    const recorded = await recordCapturedPayment(t, purpose, order.id, payment);
    // Refunded once this transaction has committed (after the answer); the scheduled run retries.
    if (recorded?.keptForRefund && payment.amountPaise > 0) currentRequest()?.after(async () => void (await refundDuplicatePayments()));
    return 'paid';
  };
  try {
    return await (tx ? work(tx) : db().begin(work));
  } catch (error) {
    if (error instanceof UnknownPurposeError) log.error('paid order has no handler for its purpose', { orderId: gatewayOrderId, error });
    throw error;
  }
}

/** A failed attempt (webhook payment.failed, sandbox "Fail"): created -> failed, never backwards. */
export async function recordFailedAttempt(gatewayOrderId: string, tx?: Tx): Promise<void> {
  const run = tx ?? db();
  await run`update payment_orders set status = 'failed' where id = ${gatewayOrderId} and status = 'created'`;
}
