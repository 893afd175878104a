/** Refunds (the owner's money view and the API): in zod/mini, the form's page carries only these checks. */
import * as z from 'zod/mini';

/** The refund policy promised on the site: within this many days of payment, one click. */
export const REFUND_POLICY_DAYS = 7;
export const REFUND_REASON_MAX = 500;
export const OUTSIDE_POLICY =
  'This payment is outside the 7-day refund policy. Tick "Refund outside the 7-day refund policy" to confirm the refund.';

/** "" (an empty form field) is no value; other strings are read as numbers. */
const typedNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);

/**
 * An owner's refund request (the money view's dialog). `amount` in rupees for a partial refund;
 * absent for a full refund of what is left. The server checks it against what was captured and
 * refunded already; the payment is named by our ledger's order id.
 */
export const refundRequestSchema = z
  .strictObject({
    orderId: z
      .string({ error: 'Choose the payment to refund' })
      .check(z.trim(), z.minLength(1, 'Choose the payment to refund'), z.maxLength(64)),
    full: z.boolean({ error: 'Choose a full or a partial refund' }),
    amount: z.pipe(
      z.transform(typedNumber),
      z.optional(
        z.number({ error: 'Enter the amount to refund in rupees' }).check(
          z.gt(0, 'The amount to refund must be more than ₹0'),
          z.lte(10_000_000, 'The amount to refund must be at most ₹1,00,00,000'),
          z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount can have at most 2 decimals (paise)'),
        ),
      ),
    ),
    reason: z
      .string({ error: 'Enter the reason for the refund' })
      .check(
        z.trim(),
        z.minLength(1, 'Enter the reason for the refund'),
        z.maxLength(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
      ),
    confirmOutsidePolicy: z._default(z.boolean(), false),
    /** Made by the form when it opens: a double click or a retry is the same refund. */
    idempotencyKey: z
      .string({ error: 'The form is missing its idempotency key: reload the page' })
      .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'The form is missing its idempotency key: reload the page')),
  })
  .check(z.refine((v) => v.full || v.amount !== undefined, { path: ['amount'], message: 'Enter the amount to refund in rupees' }));

export type RefundRequest = z.input<typeof refundRequestSchema>;

export type RefundDto = {
  id: string;
  orderId: string;
  paymentId: string;
  amount: number;
  reason: string;
  status: 'pending' | 'processed' | 'failed';
  outsidePolicy: boolean;
  requestedBy: string;
  gatewayRefundId: string | null;
  failureReason: string | null;
  creditNoteId: string | null;
  createdAt: string;
  processedAt: string | null;
};

/** Our refund ids (rf_ and 20 hex digits). */
export const refundIdSchema = z.string().check(z.regex(/^rf_[0-9a-f]{20}$/, 'No such refund'));
