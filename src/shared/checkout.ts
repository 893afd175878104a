import { z } from 'zod';
import { billingIssues, GST_STATE_CODES, STATE_REQUIRED, type GstStateCode } from './gstin.ts';

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

/**
 * The buyer's billing details, asked at checkout for the tax invoice: the state is the place of
 * supply (required); a GSTIN (format and check character) with the business name makes it a
 * business invoice. Amounts and tax are never taken from the browser: the server computes them.
 */
export const billingShape = {
  state: z.enum(GST_STATE_CODES, { error: STATE_REQUIRED }),
  gstin: z
    .string({ error: 'GSTIN must be text' })
    .trim()
    .toUpperCase()
    .max(15, 'A GSTIN has 15 characters')
    .optional()
    .transform((v) => v || null),
  businessName: z
    .string({ error: 'Business name must be text' })
    .trim()
    .max(120, 'Business name must be at most 120 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Business name must be on one line')
    .optional()
    .transform((v) => v || null),
};

type BillingFields = { state: GstStateCode; gstin: string | null; businessName: string | null };

/** Cross-field rules shared by both checkouts (course purchase, registration fee): see billingIssues. */
export function checkBilling(value: BillingFields, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(billingIssues(value))) ctx.addIssue({ code: 'custom', path: [field], message });
}

export const billingSchema = z.object(billingShape).strict().superRefine(checkBilling);
export type BillingInput = z.input<typeof billingSchema>;
export type Billing = z.output<typeof billingSchema>;
