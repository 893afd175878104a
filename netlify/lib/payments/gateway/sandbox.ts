/**
 * The local sandbox gateway (no Razorpay keys set): it keeps its own books in our database
 * (sandbox_orders, sandbox_payments) the way Razorpay keeps its own, and signs payments with the
 * same HMAC-SHA256 `order_id|payment_id` scheme using SANDBOX_PAYMENT_SECRET. The browser's
 * sandbox checkout dialog calls `sandboxPay` (POST /api/v1/payment/sandbox/pay) in place of
 * Razorpay Checkout. Never active when Razorpay keys are configured (production requires them).
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutResult } from '../../../../src/shared/checkout.ts';
import { db, HttpError, checkoutSignature, verifyBodySignature, verifyCheckoutSignature } from '../../platform/index.ts';
import { RefundRefusedError, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './types.ts';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-like ids: a prefix and 14 random letters/digits (e.g. order_Sbx3kT9...). */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_Sbx${out}`;
}

/** Put in a refund's reason to make the sandbox's bank fail it (tests, local tries). */
export const SANDBOX_FAIL_REFUND = 'sandbox:fail';
/** Put in a refund's reason to make the sandbox refuse it outright. */
export const SANDBOX_REFUSE_REFUND = 'sandbox:refuse';

type RefundRow = {
  id: string;
  payment_id: string;
  amount_paise: string;
  status: GatewayRefund['status'];
  receipt: string | null;
  created_at?: Date;
};

const toRefund = (row: RefundRow): GatewayRefund => ({
  id: row.id,
  paymentId: row.payment_id,
  amountPaise: Number(row.amount_paise),
  status: row.status,
  receipt: row.receipt,
});

/** The sandbox's bank answers at once: pending refunds of this payment settle when asked about. */
async function settleRefunds(paymentId: string): Promise<RefundRow[]> {
  await db()`
    update sandbox_refunds set status = case when notes->>'reason' like ${`%${SANDBOX_FAIL_REFUND}%`} then 'failed' else 'processed' end
    where payment_id = ${paymentId} and status = 'pending'`;
  return db()<RefundRow[]>`
    select id, payment_id, amount_paise, status, receipt from sandbox_refunds where payment_id = ${paymentId} order by created_at, id`;
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
    async refundPayment(paymentId, { amountPaise, receipt, notes }) {
      if (notes?.reason?.includes(SANDBOX_REFUSE_REFUND)) throw new RefundRefusedError('The sandbox refused this refund');
      // Like Razorpay: partial refunds up to the captured amount; fully refunded = 'refunded'.
      return db().begin(async (tx) => {
        const [payment] = await tx<{ amount_paise: string; status: string }[]>`
          select amount_paise, status from sandbox_payments where id = ${paymentId} for update`;
        if (!payment || payment.status !== 'captured') throw new RefundRefusedError('The sandbox cannot refund this payment');
        const [sum] = await tx<{ refunded: string }[]>`
          select coalesce(sum(amount_paise), 0) as refunded from sandbox_refunds
          where payment_id = ${paymentId} and status <> 'failed'`;
        const left = Number(payment.amount_paise) - Number(sum!.refunded);
        if (!Number.isSafeInteger(amountPaise) || amountPaise < 1 || amountPaise > left)
          throw new RefundRefusedError('The total refund amount is greater than the refund payment amount');
        const [row] = await tx<RefundRow[]>`
          insert into sandbox_refunds (id, payment_id, amount_paise, receipt, notes)
          values (${sandboxId('rfnd')}, ${paymentId}, ${amountPaise}, ${receipt.slice(0, 40)}, ${tx.json(notes ?? {})})
          returning id, payment_id, amount_paise, status, receipt`;
        if (amountPaise === left)
          await tx`update sandbox_payments set refund_id = coalesce(refund_id, ${row!.id}), refunded_at = coalesce(refunded_at, now())
                   where id = ${paymentId}`;
        return toRefund(row!);
      });
    },
    async fetchRefund(paymentId, refundId) {
      const row = (await settleRefunds(paymentId)).find((r) => r.id === refundId);
      if (!row) throw new RefundRefusedError('The sandbox does not know this refund');
      return toRefund(row);
    },
    async fetchPaymentRefunds(paymentId) {
      return (await settleRefunds(paymentId)).map(toRefund);
    },
    async listPayments({ from, to }) {
      const rows = await db()<(PaymentRow & { created_at: Date })[]>`
        select id, order_id, amount_paise, currency, status, refunded_at, created_at from sandbox_payments
        where created_at >= ${from} and created_at < ${to} order by created_at, id`;
      return rows.map((row) => ({ ...toPayment(row), createdAt: new Date(row.created_at).toISOString() }));
    },
    async listRefunds({ from, to }) {
      // Like Razorpay's bank, the sandbox settles a refund when it is looked at.
      await db()`
        update sandbox_refunds set status = case when notes->>'reason' like ${`%${SANDBOX_FAIL_REFUND}%`} then 'failed' else 'processed' end
        where created_at >= ${from} and created_at < ${to} and status = 'pending'`;
      const rows = await db()<(RefundRow & { created_at: Date })[]>`
        select id, payment_id, amount_paise, status, receipt, created_at from sandbox_refunds
        where created_at >= ${from} and created_at < ${to} order by created_at, id`;
      return rows.map((row) => ({ ...toRefund(row), createdAt: new Date(row.created_at).toISOString() }));
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
