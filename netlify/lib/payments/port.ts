/**
 * The PaymentGateway port: Razorpay in live/test mode, our sandbox locally. Amounts are integer
 * paise; the server always decides them.
 *
 * Domains (registration fees, course orders) do not call a gateway directly for money moves:
 * they use `openOrder` / `confirmCheckout` from `./index.ts` and register a completion handler in
 * `./completions.ts` (see that file), so every order is in our ledger (`payment_orders`) and is
 * completed exactly once, whether by the browser, the webhook or the scheduled re-check.
 */
import type { CheckoutResult, GatewayMode } from '../../../src/shared/checkout.ts';

export type { CheckoutResult, GatewayMode };

export type GatewayOrder = { id: string; amountPaise: number; currency: 'INR'; receipt: string };

export type GatewayPayment = {
  id: string;
  orderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  currency: string;
};

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
  /** Refunds a captured payment in full (Razorpay's Refunds API); answers the refund id. */
  refundPayment(
    paymentId: string,
    input: { amountPaise: number; receipt: string; notes?: Record<string, string> },
  ): Promise<{ id: string }>;
  /** Signature of a webhook's raw body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}
