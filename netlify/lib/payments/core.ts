/**
 * The payments core: opening orders (always recorded in our ledger),
 * confirming a checkout result, and the sandbox checkout. Domains use these, never the SDK.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutOrder, CheckoutResult } from '../../../src/shared/checkout.ts';
import { releaseForOrder } from '../codes/index.ts';
import { db, type Tx, env, HttpError, log } from '../platform/index.ts';
import { completeOrder, recordFailedAttempt, type CompletionOutcome, type Purpose } from './completions.ts';
import { gateway, paymentsConfigured } from './gateway/index.ts';
import type { GatewayOrder, GatewayPayment, PaymentGateway } from './gateway/types.ts';
import { sandboxPay, type SandboxPayAnswer } from './gateway/sandbox.ts';

export type { CheckoutOrder, CheckoutResult, GatewayOrder, GatewayPayment, PaymentGateway, Purpose };

export type OpenOrderInput = {
  /** Which domain pays (kept in the ledger): completion finds its handler by it. */
  purpose: Purpose;
  amountPaise: number;
  /** Our reference, at most 40 characters (Razorpay's limit). */
  receipt: string;
  notes?: Record<string, string>;
};

/**
 * Opens a gateway order for an amount the SERVER decided, then records it in our ledger and,
 * in the same transaction, lets the domain record its own row (`attach`). The gateway call
 * happens outside any transaction. Answers what the browser's checkout needs.
 */
export async function openOrder(input: OpenOrderInput, attach: (tx: Tx, order: GatewayOrder) => Promise<void>): Promise<CheckoutOrder> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise < 100)
    throw new HttpError(400, 'amount: The amount must be at least ₹1');
  const gw = gateway();
  let order: GatewayOrder;
  try {
    order = await gw.createOrder({
      amountPaise: input.amountPaise,
      receipt: input.receipt.slice(0, 40),
      ...(input.notes ? { notes: input.notes } : {}),
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log.error('gateway order creation failed', { purpose: input.purpose, error });
    throw new HttpError(502, 'Order creation failed');
  }
  if (order.amountPaise !== input.amountPaise) throw new Error('The gateway answered another amount than the one asked');
  await db().begin(async (tx) => {
    await tx`insert into payment_orders (id, gateway, purpose, amount_paise, currency, receipt)
             values (${order.id}, ${gw.mode}, ${input.purpose}, ${order.amountPaise}, 'INR', ${order.receipt.slice(0, 40)})`;
    await attach(tx, order);
  });
  return { key: gw.keyId, mode: gw.mode, orderId: order.id, amount: order.amountPaise, currency: 'INR' };
}

export type ConfirmOutcome = Extract<CompletionOutcome, 'paid' | 'already'> | 'pending';

/**
 * Verifies what the browser's checkout handed back and records the payment (once). The caller
 * must first check that the order is one IT opened for THIS user/registration.
 * Refuses (4xx, nothing written): a bad signature, an order not in our ledger, a payment that is
 * not for our order, amount and currency. With a signature alone nothing is recorded: the payment
 * is fetched from the gateway and must be captured. 'pending' = authorised, not captured yet
 * (the webhook or the re-check completes it).
 */
export async function confirmCheckout(result: CheckoutResult): Promise<ConfirmOutcome> {
  const gw = gateway();
  if (!gw.verifyCheckoutSignature(result)) throw new HttpError(400, 'Payment verification failed: the signature does not match');
  const [order] = await db()<{ status: string; payment_id: string | null }[]>`
    select status, payment_id from payment_orders where id = ${result.razorpay_order_id}`;
  if (!order) throw new HttpError(400, 'Payment verification failed: unknown order');
  if (order.status === 'paid') {
    if (order.payment_id === result.razorpay_payment_id) return 'already';
    throw new HttpError(409, 'This order was already paid by another payment');
  }
  let payment: GatewayPayment;
  try {
    payment = await gw.fetchPayment(result.razorpay_payment_id);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log.error('gateway payment fetch failed', { orderId: result.razorpay_order_id, error });
    throw new HttpError(502, 'We could not confirm the payment with the payment provider yet. Please try again in a minute.');
  }
  if (payment.orderId !== result.razorpay_order_id)
    throw new HttpError(400, 'Payment verification failed: the payment is for another order');
  if (payment.status === 'authorized' || payment.status === 'created') return 'pending';
  if (payment.status !== 'captured') throw new HttpError(400, 'Payment failed');
  const outcome = await completeOrder(result.razorpay_order_id, payment, 'checkout');
  switch (outcome) {
    case 'paid':
    case 'already':
      return outcome;
    case 'other-payment':
      throw new HttpError(409, 'This order was already paid by another payment');
    case 'mismatch':
      throw new HttpError(400, 'Payment verification failed: the amount or currency does not match the order');
    default:
      throw new HttpError(400, 'Payment verification failed: unknown order');
  }
}

/** POST /payment/sandbox/pay: 404 unless the sandbox gateway is the active one. */
export async function sandboxCheckout(orderId: string, outcome: 'success' | 'failure'): Promise<SandboxPayAnswer> {
  if (!paymentsConfigured() || gateway().mode !== 'sandbox') throw new HttpError(404, 'No such API endpoint');
  const answer = await sandboxPay(env().SANDBOX_PAYMENT_SECRET, orderId, outcome);
  if (!answer.success) {
    await recordFailedAttempt(orderId);
    await releaseForOrder(orderId);
  }
  return answer;
}

/**
 * A 100% discount: no gateway. Records a ledger row (gateway 'free', amount 0), lets the domain
 * attach its row, and completes it through completeOrder with a synthetic captured payment, all in
 * one transaction: the domain row, a zero-value invoice and the receipt email, exactly as a paid order.
 */
export async function completeFreeOrder(
  input: { purpose: Purpose; receipt: string; notes?: Record<string, string> },
  attach: (tx: Tx, order: { id: string; amountPaise: 0 }) => Promise<void>,
): Promise<{ orderId: string; paymentId: string }> {
  const suffix = randomBytes(10).toString('hex');
  const orderId = `free_order_${suffix}`;
  const paymentId = `free_pay_${suffix}`;
  await db().begin(async (tx) => {
    await tx`insert into payment_orders (id, gateway, purpose, amount_paise, currency, receipt)
             values (${orderId}, 'free', ${input.purpose}, 0, 'INR', ${input.receipt.slice(0, 40)})`;
    await attach(tx, { id: orderId, amountPaise: 0 });
    const outcome = await completeOrder(
      orderId,
      { id: paymentId, orderId, status: 'captured', amountPaise: 0, currency: 'INR' },
      'checkout',
      tx,
    );
    if (outcome !== 'paid') throw new Error(`A free order could not be completed (${outcome})`);
  });
  log.info('free order completed', { orderId, purpose: input.purpose });
  return { orderId, paymentId };
}
