/** The owner's money view (/admin/money): its filters and what the API answers for it. */
import * as z from 'zod/mini';
import { pagingFields } from './paging.ts';
import type { RefundDto } from './refund.ts';

/**
 * Every payable purpose and its label in the money view: the one list the browser sees. The server
 * registers each purpose's handler and wording under the same id (PURPOSES, netlify/lib/payments).
 */
export const PAYMENT_PURPOSE_LABELS = { registration: 'Registration fee', course: 'Course', instalment: 'Instalment' } as const;
export type PaymentPurpose = keyof typeof PAYMENT_PURPOSE_LABELS;
export const MONEY_KINDS = Object.keys(PAYMENT_PURPOSE_LABELS) as [PaymentPurpose, ...PaymentPurpose[]];
export const MONEY_STATUSES = ['captured', 'partially-refunded', 'refunded', 'refund-pending', 'refund-failed'] as const;

const day = z.optional(
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24'),
    z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date'),
  ),
);

const filterFields = {
  from: day,
  to: day,
  kind: z.optional(z.enum(MONEY_KINDS, { error: `kind: choose ${MONEY_KINDS.slice(0, -1).join(', ')} or ${MONEY_KINDS.at(-1)}` })),
  status: z.optional(z.enum(MONEY_STATUSES, { error: `status: choose one of ${MONEY_STATUSES.join(', ')}` })),
};
const datesInOrder = z.refine<{ from?: string | undefined; to?: string | undefined }>((v) => !v.from || !v.to || v.from <= v.to, {
  path: ['to'],
  message: 'The end date must not be before the start date',
});

/** The money view's filters (query string). Dates are days in India (IST), both inclusive. */
export const moneyFilterSchema = z.strictObject(filterFields).check(datesInOrder);

export type MoneyFilter = z.output<typeof moneyFilterSchema>;

/** The payments list's query: the filters, then its sort and page (src/shared/paging.ts). */
export const moneyPageSchema = z.strictObject({ ...filterFields, ...pagingFields('money') }).check(datesInOrder);

export type MoneyPageQuery = z.output<typeof moneyPageSchema>;

export type MoneyPaymentDto = {
  orderId: string;
  paymentId: string;
  kind: PaymentPurpose;
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
