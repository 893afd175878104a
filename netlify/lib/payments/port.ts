/**
 * The PaymentGateway port: Razorpay in live/test mode, our sandbox locally. Amounts are integer
 * paise; the server always decides them.
 */
export type GatewayMode = 'live' | 'test' | 'sandbox';

export type GatewayOrder = { id: string; amountPaise: number; currency: 'INR'; receipt: string };

export type GatewayPayment = {
  id: string;
  orderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  currency: string;
};

export type CheckoutResult = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

export interface PaymentGateway {
  readonly mode: GatewayMode;
  /** The public key the browser's checkout needs (never the secret). */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** HMAC-SHA256 of `order_id|payment_id`, compared in constant time. */
  verifyCheckoutSignature(result: CheckoutResult): boolean;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Signature of a webhook's raw body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}
