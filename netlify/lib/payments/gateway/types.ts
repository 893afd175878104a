/**
 * The PaymentGateway port: Razorpay in live/test mode, our sandbox locally. Amounts are integer
 * paise; the server always decides them.
 *
 * Domains (registration fees, course orders) do not call a gateway directly for money moves:
 * they use `openOrder` / `confirmCheckout` from `./index.ts` and register a completion handler in
 * `./completions.ts` (see that file), so every order is in our ledger (`payment_orders`) and is
 * completed exactly once, whether by the browser, the webhook or the scheduled re-check.
 */
import type { CheckoutResult, GatewayMode } from '../../../../src/shared/checkout.ts';

export type { CheckoutResult, GatewayMode };

export type GatewayOrder = { id: string; amountPaise: number; currency: 'INR'; receipt: string };

export type GatewayPayment = {
  id: string;
  orderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  currency: string;
};

export type GatewayRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  /** Razorpay: pending until the bank confirms (processed) or gives up (failed). */
  status: 'pending' | 'processed' | 'failed';
  receipt: string | null;
};

/** A payment or refund as the gateway lists it for a period (reconciliation), with when it was created. */
export type ListedPayment = GatewayPayment & { createdAt: string };
export type ListedRefund = GatewayRefund & { createdAt: string };
/** A period of time: `from` included, `to` excluded. */
export type Period = { from: Date; to: Date };

/**
 * The gateway refused a refund outright (a 4xx: more than is left, a payment it cannot refund):
 * nothing was refunded. Any other error leaves the outcome unknown (the re-check finds out).
 */
export class RefundRefusedError extends Error {}

export interface PaymentGateway {
  readonly mode: GatewayMode;
  /** The public key the browser's checkout needs (never the secret). */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** HMAC-SHA256 of `order_id|payment_id`, compared in constant time. */
  verifyCheckoutSignature(result: CheckoutResult): boolean;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment attempt made against an order (the scheduled re-check uses it). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Refunds a captured payment in full or in part (Razorpay's Refunds API, normal speed); several
   * partial refunds may follow each other up to the captured amount. `receipt` is ours (at most
   * 40 characters) and comes back on the refund. Throws RefundRefusedError when refused.
   */
  refundPayment(paymentId: string, input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayRefund>;
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
  /** Every refund of a payment (finds a refund whose create call's answer was lost). */
  fetchPaymentRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /** Every payment created in the period, whatever its status (Razorpay: GET /v1/payments?from&to). */
  listPayments(period: Period): Promise<ListedPayment[]>;
  /** Every refund created in the period (Razorpay: GET /v1/refunds?from&to). */
  listRefunds(period: Period): Promise<ListedRefund[]>;
  /** Signature of a webhook's raw body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}
