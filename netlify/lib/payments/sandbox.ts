/**
 * The local sandbox gateway (no Razorpay keys set): it keeps its own books in our database
 * (sandbox_orders, sandbox_payments) the way Razorpay keeps its own, and signs payments with the
 * same HMAC-SHA256 `order_id|payment_id` scheme using SANDBOX_PAYMENT_SECRET. The browser's
 * sandbox checkout dialog calls `sandboxPay` (POST /api/v1/payment/sandbox/pay) in place of
 * Razorpay Checkout. Never active when Razorpay keys are configured (production requires them).
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutResult } from '../../../src/shared/checkout.ts';
import { db } from '../db.ts';
import { HttpError } from '../http.ts';
import { checkoutSignature, verifyBodySignature, verifyCheckoutSignature } from './hmac.ts';
import type { GatewayPayment, PaymentGateway } from './port.ts';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-like ids: a prefix and 14 random letters/digits (e.g. order_Sbx3kT9...). */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_Sbx${out}`;
}

type PaymentRow = {
  id: string;
  order_id: string;
  amount_paise: string;
  currency: string;
  status: 'captured' | 'failed';
  refunded_at: Date | null;
};

function toPayment(row: PaymentRow): GatewayPayment {
  const status = row.refunded_at ? 'refunded' : row.status;
  return { id: row.id, orderId: row.order_id, status, amountPaise: Number(row.amount_paise), currency: row.currency };
}

export function sandboxGateway(secret: string): PaymentGateway {
  return {
    mode: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    async createOrder({ amountPaise, receipt }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100) throw new Error('Order amount must be at least 100 paise');
      const id = sandboxId('order');
      await db()`insert into sandbox_orders (id, amount_paise, currency, receipt) values (${id}, ${amountPaise}, 'INR', ${receipt})`;
      return { id, amountPaise, currency: 'INR', receipt };
    },
    verifyCheckoutSignature(result: CheckoutResult) {
      return verifyCheckoutSignature(secret, result.razorpay_order_id, result.razorpay_payment_id, result.razorpay_signature);
    },
    async fetchPayment(paymentId) {
      const [row] = await db()<
        PaymentRow[]
      >`select id, order_id, amount_paise, currency, status, refunded_at from sandbox_payments where id = ${paymentId}`;
      if (!row) throw new HttpError(400, 'The payment provider does not know this payment');
      return toPayment(row);
    },
    async fetchOrderPayments(orderId) {
      const rows = await db()<
        PaymentRow[]
      >`select id, order_id, amount_paise, currency, status, refunded_at from sandbox_payments where order_id = ${orderId} order by created_at`;
      return rows.map(toPayment);
    },
    async refundPayment(paymentId, { amountPaise }) {
      // Like Razorpay: a captured payment is refunded once, for at most its amount.
      const [row] = await db()<{ refund_id: string }[]>`
        update sandbox_payments set refund_id = coalesce(refund_id, ${sandboxId('rfnd')}), refunded_at = coalesce(refunded_at, now())
        where id = ${paymentId} and status = 'captured' and amount_paise >= ${amountPaise}
        returning refund_id`;
      if (!row) throw new Error('The sandbox cannot refund this payment');
      return { id: row.refund_id };
    },
    verifyWebhookSignature(rawBody, signature) {
      return verifyBodySignature(secret, rawBody, signature);
    },
  };
}

export type SandboxPayAnswer =
  | ({ success: true } & CheckoutResult)
  | {
      success: false;
      error: {
        code: 'BAD_REQUEST_ERROR';
        description: string;
        reason: 'payment_failed';
        metadata: { order_id: string; payment_id: string };
      };
    };

/**
 * Plays Razorpay Checkout: takes the payment for a sandbox order and answers what Checkout would
 * hand the browser (a signed result), or a failure. An order is paid at most once.
 */
export async function sandboxPay(secret: string, orderId: string, outcome: 'success' | 'failure'): Promise<SandboxPayAnswer> {
  return db().begin(async (tx) => {
    const [order] = await tx<{ id: string; amount_paise: string; currency: string }[]>`
      select id, amount_paise, currency from sandbox_orders where id = ${orderId} for update`;
    if (!order) throw new HttpError(404, 'No such sandbox order');
    const [captured] = await tx<{ id: string }[]>`select id from sandbox_payments where order_id = ${orderId} and status = 'captured'`;
    if (captured) throw new HttpError(409, 'This order is already paid');
    const paymentId = sandboxId('pay');
    const status = outcome === 'success' ? 'captured' : 'failed';
    await tx`insert into sandbox_payments (id, order_id, amount_paise, currency, status)
             values (${paymentId}, ${orderId}, ${order.amount_paise}, ${order.currency}, ${status})`;
    if (outcome === 'failure') {
      return {
        success: false,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          reason: 'payment_failed',
          metadata: { order_id: orderId, payment_id: paymentId },
        },
      } as const;
    }
    return {
      success: true,
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(secret, orderId, paymentId),
    } as const;
  });
}
