/**
 * Discount and scholarship codes: what the browser sends and receives (checkout preview, the
 * admin screen). The server decides every amount; these only carry the learner's choice.
 */
import { z } from 'zod';
import { CODE_SCOPES, type CodeScope } from './code-scopes.ts';
import { pagingFields } from './paging.ts';

export * from './code-scopes.ts';

/** GET /api/v1/admin/codes: a page of the codes (./paging.ts), by creation or uses. */
export const codesQuerySchema = z.strictObject({ ...pagingFields('codes') });
export type CodesQuery = z.output<typeof codesQuerySchema>;

/** Codes are stored upper case: 4-32 letters, digits and hyphens. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,31}$/;
export const NO_SUCH_CODE = 'No such code';
/** A capture whose code use was gone (another checkout or buyer took it): refunded, not granted (409). */
export const CODE_NOT_HELD_REFUNDED =
  "The code's use was no longer held for this order, so this payment is refunded in full. We have emailed you the details.";

export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

/** A code as typed at checkout: blank = no code. */
export const codeInputSchema = z
  .string({ error: 'Enter the code as text' })
  .max(64, NO_SUCH_CODE)
  .transform((v) => normaliseCode(v))
  .refine((v) => v === '' || CODE_PATTERN.test(v), NO_SUCH_CODE);

export const codeTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('course'), courseId: z.string().regex(/^[a-f0-9]{24}$/, 'Unknown course') }).strict(),
  z.object({ kind: z.literal('registration-fee'), feeOption: z.string().regex(/^[a-z]{1,20}$/, 'Unknown fee option') }).strict(),
  z.object({ kind: z.literal('plan'), planId: z.string().regex(/^[0-9]{1,18}$/, 'Unknown plan') }).strict(),
]);

/** POST /api/v1/codes/preview */
export const codePreviewSchema = z.object({ code: codeInputSchema, target: codeTargetSchema }).strict();

/** POST /api/v1/codes/preview/fees: a code against every listed registration fee at once. */
export const feeCodePreviewSchema = z.object({ code: codeInputSchema }).strict();
export type FeeCodePreviewAnswer = {
  code: string;
  description: string;
  /** Only the fee options the code applies to. */
  options: { feeOption: string; listPaise: number; discountPaise: number; totalPaise: number }[];
};

/** What the preview answers (and what a checkout shows): integer paise. */
export type CodePreviewAnswer = {
  code: string;
  description: string;
  listPaise: number;
  discountPaise: number;
  totalPaise: number;
};

const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Use a date like 2026-12-01')
  .optional()
  .transform((v) => (v ? v : null));

const optionalInt = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`)
      .optional(),
  );

/** The admin's create form (POST /api/v1/admin/codes). Dates are IST calendar days, both included. */
export const codeFormSchema = z
  .object({
    code: z
      .string({ error: 'Enter the code' })
      .transform(normaliseCode)
      .refine((v) => CODE_PATTERN.test(v), 'The code must be 4-32 letters, digits or hyphens, starting with a letter or digit'),
    description: z.string().trim().max(200, 'The description must be at most 200 characters').default(''),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose percent or a fixed amount' }),
    percentOff: optionalInt('The percentage', 100),
    amountOffRupees: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: 'Enter the amount in rupees' })
        .finite('Enter the amount in rupees')
        .gt(0, 'The amount must be more than 0')
        .max(10_000_000, 'The amount must be at most ₹1,00,00,000')
        .optional(),
    ),
    scope: z.enum(CODE_SCOPES, { error: 'Choose what the code applies to' }),
    courseIds: z
      .array(z.string().regex(/^[a-f0-9]{24}$/, 'Unknown course'))
      .max(100)
      .default([]),
    feeOptions: z
      .array(z.string().regex(/^[a-z]{1,20}$/, 'Unknown fee option'))
      .max(20)
      .default([]),
    planIds: z
      .array(z.string().regex(/^[0-9]{1,18}$/, 'Unknown plan'))
      .max(50)
      .default([]),
    validFrom: optionalDate,
    validUntil: optionalDate,
    maxUses: optionalInt('Total uses', 1_000_000),
    oncePerPerson: z.boolean().default(true),
    applicationId: z
      .union([z.string().regex(/^[0-9]{0,18}$/, 'The application id is a number'), z.number().int().positive()])
      .optional()
      .transform((v) => (v === undefined || v === '' ? null : String(v))),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percentOff === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off (1-100)' });
    if (v.kind === 'fixed' && v.amountOffRupees === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountOffRupees'], message: 'Enter the amount off in rupees' });
    if (v.validFrom && v.validUntil && v.validFrom > v.validUntil)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The last day must be on or after the first day' });
  });
export type CodeFormInput = z.input<typeof codeFormSchema>;
export type CodeForm = z.output<typeof codeFormSchema>;

/** One row of the admin list. */
export type CodeSummary = {
  id: string;
  code: string;
  description: string;
  scope: CodeScope;
  courseIds: string[];
  feeOptions: string[];
  planIds: string[];
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOffPaise: number | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  oncePerPerson: boolean;
  issuedToEmail: string | null;
  applicationId: string | null;
  active: boolean;
  createdAt: string;
  uses: number;
  reserved: number;
  revenuePaise: number;
  discountPaise: number;
};

/** One use of a code (admin). */
export type CodeUse = {
  id: string;
  email: string;
  target: 'course' | 'registration' | 'plan';
  what: string;
  listPaise: number;
  discountPaise: number;
  totalPaise: number;
  status: 'reserved' | 'used' | 'released';
  at: string;
};
