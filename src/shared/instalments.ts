import { z } from 'zod';
import { checkoutResultShape } from './checkout.ts';
import { PLAN_FEE_OPTIONS } from './registration-fees.ts';
import { pagingFields, type Page } from './paging.ts';

export { PLAN_FEE_OPTIONS } from './registration-fees.ts';

/**
 * Fee plans paid in instalments: request schemas and answer shapes shared by the API and the
 * islands. Amounts in answers are rupees (like every other answer); the server keeps paise.
 */

const numericId = (what: string) => z.string().regex(/^[1-9][0-9]{0,17}$/, `No such ${what}`);
export const planIdSchema = numericId('plan');
export const partIdSchema = numericId('part');

/** A plan code is optional: blank means none. */
const optionalCode = z
  .string({ error: 'Enter the code as text' })
  .trim()
  .max(40, 'A code has at most 32 characters')
  .optional()
  .transform((v) => v || undefined);

export const enrolSchema = z.object({ code: optionalCode }).strict();
export type EnrolInput = z.input<typeof enrolSchema>;

export const partPaymentSchema = z.object(checkoutResultShape).strict();

const typedNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date');
const oneLine = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `The ${label} must be on one line`);

export const planPartInputSchema = z
  .object({
    label: oneLine('part label', 80),
    amount: z.preprocess(
      typedNumber,
      z
        .number({ error: 'Enter the part amount in rupees' })
        .finite('Enter the part amount as a number')
        .min(1, 'A part must be at least ₹1')
        .max(10_000_000, 'A part must be at most ₹1,00,00,000')
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount can have at most 2 decimals (paise)'),
    ),
    dueAfterDays: z.preprocess(
      typedNumber,
      z.number({ error: 'Days after enrolment must be a number' }).int('Days must be whole').min(0).max(3650).optional(),
    ),
    dueOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), day.optional()),
  })
  .strict()
  .refine((p) => (p.dueAfterDays === undefined) !== (p.dueOn === undefined), {
    path: ['dueAfterDays'],
    message: 'Give each part either days after enrolment or a fixed due date (one of the two)',
  });

export const planCreateSchema = z
  .object({
    slug: z
      .string({ error: 'Enter a slug' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{1,59}$/, 'Use 2-60 lower-case letters, digits and dashes'),
    name: oneLine('plan name', 120),
    programme: oneLine('programme', 120),
    description: z.string().trim().max(2000, 'The description must be at most 2000 characters').default(''),
    registrationFeeOption: z.preprocess(
      (v) => (v === '' ? null : v),
      z.enum(PLAN_FEE_OPTIONS, { error: `Choose one of ${PLAN_FEE_OPTIONS.join(', ')}` }).nullable(),
    ),
    active: z.boolean().default(true),
    parts: z.array(planPartInputSchema).min(1, 'A plan has at least one part').max(24, 'A plan has at most 24 parts'),
  })
  .strict();
export type PlanCreateInput = z.input<typeof planCreateSchema>;

export const planUpdateSchema = z
  .object({
    name: oneLine('plan name', 120).optional(),
    programme: oneLine('programme', 120).optional(),
    description: z.string().trim().max(2000, 'The description must be at most 2000 characters').optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export const DUE_STATUSES = ['due', 'overdue'] as const;

/** The dues view's filters (due dates are IST days, both inclusive) and its page (./paging.ts). */
export const duesFilterSchema = z
  .object({
    plan: planIdSchema.optional(),
    status: z.enum(DUE_STATUSES, { error: 'Choose due or overdue' }).optional(),
    from: day.optional(),
    to: day.optional(),
    ...pagingFields('dues'),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type DuesFilter = z.output<typeof duesFilterSchema>;

export type PlanPartDto = { position: number; label: string; amount: number; dueAfterDays: number | null; dueOn: string | null };

export type PlanDto = {
  id: string;
  slug: string;
  name: string;
  programme: string;
  description: string;
  registrationFee: { option: string; label: string } | null;
  active: boolean;
  /** Rupees, as charged (GST setting applied), before any code. */
  total: number;
  parts: PlanPartDto[];
  enrolled: number;
};

export type PartStatus = 'paid' | 'due' | 'overdue';

export type EnrolmentPartDto = {
  id: string;
  position: number;
  label: string;
  /** IST calendar day, YYYY-MM-DD. */
  dueOn: string;
  /** Rupees to pay (after any code). */
  amount: number;
  discount: number;
  status: PartStatus;
  paidAt: string | null;
  /** Rupees the gateway has refunded of this part's payment (an owner's refund). */
  refunded: number;
  invoice: { number: string; pdfUrl: string } | null;
};

export type EnrolmentDto = {
  id: string;
  plan: { id: string; name: string; programme: string };
  status: 'active' | 'completed';
  discountCode: string | null;
  total: number;
  discount: number;
  paid: number;
  outstanding: number;
  createdAt: string;
  completedAt: string | null;
  parts: EnrolmentPartDto[];
};

export type DueDto = {
  partId: string;
  learner: string;
  email: string;
  plan: string;
  part: string;
  amount: number;
  dueOn: string;
  daysOverdue: number;
  status: 'due' | 'overdue';
};

/** A page of the dues; `totals` (and `total`) count every part the filter matches. */
export type DuesView = Page<DueDto> & {
  total: number;
  totals: { count: number; amount: number; overdueCount: number; overdueAmount: number };
};

/** IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(dayText: string, days: number): string {
  return new Date(Date.parse(`${dayText}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function partStatus(part: { status: 'due' | 'paid'; dueOn: string }, today: string): PartStatus {
  if (part.status === 'paid') return 'paid';
  return today > part.dueOn ? 'overdue' : 'due';
}

/** Spreads a plan code over the parts (charged paise): percent on each part (half-up), fixed from the last part back. */
export function spreadDiscount(parts: number[], code: { percentOff: number } | { amountOffPaise: number } | null): number[] {
  if (!code) return parts.map(() => 0);
  if ('percentOff' in code) return parts.map((p) => Math.min(p, Math.floor((p * code.percentOff + 50) / 100)));
  let left = code.amountOffPaise;
  const out = parts.map(() => 0);
  for (let i = parts.length - 1; i >= 0 && left > 0; i--) {
    out[i] = Math.min(parts[i]!, left);
    left -= out[i]!;
  }
  return out;
}
