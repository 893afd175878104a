import { z } from 'zod';

/**
 * What Razorpay Checkout (or our sandbox checkout) hands back after a successful payment, and
 * what the browser then sends to the server to have it verified. Isomorphic: used by the
 * checkout module in the browser and by every "record this payment" endpoint.
 */
const gatewayId = (prefix: string, label: string) =>
  z
    .string({ error: `${label} is missing` })
    .trim()
    .min(1, `${label} is missing`)
    .max(64, `${label} is too long`)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `${label} is not valid`);

export const checkoutResultShape = {
  razorpay_order_id: gatewayId('order', 'razorpay_order_id'),
  razorpay_payment_id: gatewayId('pay', 'razorpay_payment_id'),
  razorpay_signature: z
    .string({ error: 'razorpay_signature is missing' })
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'razorpay_signature is not valid'),
};

export const checkoutResultSchema = z.object(checkoutResultShape).strict();
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export type GatewayMode = 'live' | 'test' | 'sandbox';

/** What a create-order endpoint answers so the browser can open the checkout. */
export type CheckoutOrder = {
  /** The public key id for Razorpay Checkout ('rzp_test_sandbox' in sandbox mode). */
  key: string;
  mode: GatewayMode;
  orderId: string;
  /** Integer paise, as Razorpay expects. */
  amount: number;
  currency: 'INR';
};

/** The sandbox's stand-in for Razorpay Checkout (docs/architecture.md, API departures). */
export const sandboxPaySchema = z
  .object({
    orderId: gatewayId('order', 'orderId'),
    outcome: z.enum(['success', 'failure'], { error: 'outcome must be "success" or "failure"' }),
  })
  .strict();
