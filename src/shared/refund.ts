import { z } from 'zod';

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
  .object({
    orderId: z.string({ error: 'Choose the payment to refund' }).trim().min(1, 'Choose the payment to refund').max(64),
    full: z.boolean({ error: 'Choose a full or a partial refund' }),
    amount: z.preprocess(
      typedNumber,
      z
        .number({ error: 'Enter the amount to refund in rupees' })
        .finite('Enter the amount to refund as a number')
        .gt(0, 'The amount to refund must be more than ₹0')
        .max(10_000_000, 'The amount to refund must be at most ₹1,00,00,000')
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount can have at most 2 decimals (paise)')
        .optional(),
    ),
    reason: z
      .string({ error: 'Enter the reason for the refund' })
      .trim()
      .min(1, 'Enter the reason for the refund')
      .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
    confirmOutsidePolicy: z.boolean().default(false),
    /** Made by the form when it opens: a double click or a retry is the same refund. */
    idempotencyKey: z
      .string({ error: 'The form is missing its idempotency key: reload the page' })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The form is missing its idempotency key: reload the page'),
  })
  .strict()
  .refine((v) => v.full || v.amount !== undefined, { path: ['amount'], message: 'Enter the amount to refund in rupees' });

export type RefundRequest = z.input<typeof refundRequestSchema>;

export const MONEY_KINDS = ['registration', 'course', 'instalment'] as const;
export const MONEY_STATUSES = ['captured', 'partially-refunded', 'refunded', 'refund-pending', 'refund-failed'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date')
  .optional();

/** The money view's filters (query string). Dates are days in India (IST), both inclusive. */
export const moneyFilterSchema = z
  .object({
    from: day,
    to: day,
    kind: z.enum(MONEY_KINDS, { error: 'kind: choose registration, course or instalment' }).optional(),
    status: z.enum(MONEY_STATUSES, { error: `status: choose one of ${MONEY_STATUSES.join(', ')}` }).optional(),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end date must not be before the start date' });

export type MoneyFilter = z.output<typeof moneyFilterSchema>;

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

export type MoneyPaymentDto = {
  orderId: string;
  paymentId: string;
  kind: (typeof MONEY_KINDS)[number];
  /** What was bought: the course title, the programme, or the plan and part. */
  item: string;
  /** The discount or scholarship code on its invoice, if any. */
  discountCode: string | null;
  buyer: string;
  email: string;
  paidAt: string;
  /** Rupees. */
  amount: number;
  refunded: number;
  refundPending: number;
  /** What an owner may still refund (rupees); 0 when nothing is left or it is refunded automatically. */
  refundable: number;
  status: (typeof MONEY_STATUSES)[number];
  withinPolicy: boolean;
  invoice: { id: string; number: string } | null;
  refunds: RefundDto[];
};

export type MonthTotal = { month: string; payments: number; count: number; refunded: number; net: number };

export type MoneyView = { payments: MoneyPaymentDto[]; months: MonthTotal[]; documents: MoneyDocumentDto[] };

/** An invoice or a credit note (tax documents), when the invoices are on. */
export type MoneyDocumentDto = {
  kind: 'invoice' | 'credit-note';
  id: string;
  number: string;
  date: string;
  orderId: string;
  buyer: string;
  total: number;
};

/** Our refund ids (rf_ and 20 hex digits). */
export const refundIdSchema = z.string().regex(/^rf_[0-9a-f]{20}$/, 'No such refund');
