/**
 * Registration with email OTP and the registration fee (spec sections 4, 5, 9; DESIGN.md
 * section 5 items 1-3). Isomorphic: the /information island and the API use the same schemas.
 */
import { z } from 'zod';
import { emailSchema } from './account.ts';
import { checkoutResultShape } from './checkout.ts';
import { HONEYPOT } from './leads.ts';

/** Registration-fee options (spec section 9), in rupees as the spec states them. */
export const FEE_OPTIONS = [
  { id: 'online', label: 'Online programme', rupees: 2500 },
  { id: 'hybrid', label: 'Hybrid programme', rupees: 8500 },
  { id: 'discover', label: 'AspiraDiscover', rupees: 151570.5 },
  { id: 'elevate', label: 'AspiraElevate', rupees: 50000 },
  { id: 'plor', label: 'PLOR', rupees: 130000 },
] as const;

export const CUSTOM_OPTION = { id: 'custom', label: 'Custom amount' } as const;
export const FEE_OPTION_IDS = ['online', 'hybrid', 'discover', 'elevate', 'plor', 'custom'] as const;
export type FeeOptionId = (typeof FEE_OPTION_IDS)[number];
export type PresetFeeOption = (typeof FEE_OPTIONS)[number];

export function presetFee(id: string): PresetFeeOption | undefined {
  return FEE_OPTIONS.find((o) => o.id === id);
}

export function programmeLabel(id: FeeOptionId): string {
  return presetFee(id)?.label ?? CUSTOM_OPTION.label;
}

/** Timings the browser shows (the server enforces its own). */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;

const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f]/;
const MULTILINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function oneLine(label: string, max: number, required: boolean) {
  return z
    .string({ error: `Enter ${label}` })
    .trim()
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`)
    .refine((v) => !required || v.length > 0, `Enter ${label}`)
    .refine((v) => !LINE_BREAK_OR_CONTROL.test(v), `${label[0]!.toUpperCase()}${label.slice(1)} must be on one line`);
}

function longText(label: string, max: number, required: boolean) {
  return z
    .string({ error: `Enter ${label}` })
    .trim()
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`)
    .refine((v) => !required || v.length > 0, `Enter ${label}`)
    .refine((v) => !MULTILINE_CONTROL.test(v), `${label[0]!.toUpperCase()}${label.slice(1)} has characters that are not allowed`);
}

/** A percentage typed as text or sent as a number: 0 to 100, at most two decimals. */
function percent(label: string, required: boolean) {
  return z
    .union([z.number(), z.string().trim().max(10)], { error: `Enter ${label} as a number` })
    .transform((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `Enter ${label}` });
        return undefined;
      }
      const n = typeof v === 'number' ? v : /^\d{1,3}(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) {
        ctx.addIssue({ code: 'custom', message: `Enter ${label} as a percentage from 0 to 100` });
        return z.NEVER;
      }
      return n;
    });
}

export const phoneSchema = z
  .string({ error: 'Enter your phone number' })
  .trim()
  .min(1, 'Enter your phone number')
  .max(20, 'Phone number is too long')
  .refine((v) => /^\+?[0-9][0-9 -]*$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15, 'Enter a valid phone number');

/** The registration form (spec section 3 payload; required fields per spec section 5). */
export const registrationFields = {
  name: oneLine('your name', 100, true),
  email: emailSchema,
  phone: phoneSchema,
  fatherName: oneLine("your father's name", 100, true),
  qualification: oneLine('your qualification', 200, false).optional().default(''),
  highschool: percent('your high school percentage', true),
  university: percent('your university percentage', false).optional(),
  sop: longText('your statement of purpose', 5000, false).optional().default(''),
  experience: longText('your work experience', 2000, false).optional().default(''),
  motivation: longText('your motivation', 5000, true),
};

export const registrationFormSchema = z.object(registrationFields).strict();
export type RegistrationForm = z.input<typeof registrationFormSchema>;
export const REQUIRED_FIELDS = ['name', 'email', 'phone', 'fatherName', 'highschool', 'motivation'] as const;

const token = (label: string, message: string) => z.string({ error: message }).trim().min(20, message).max(200, `${label} is not valid`);

/** POST /otp/send. The honeypot must stay empty. */
export const otpSendSchema = z
  .object({ email: emailSchema, [HONEYPOT]: z.string().max(200).optional() })
  .strict();

/** POST /otp/verify */
export const otpVerifySchema = z
  .object({
    email: emailSchema,
    otp: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  })
  .strict();

/** POST /user/register-unpaid: the form plus the proof that the email was verified. */
export const registerUnpaidSchema = z
  .object({ ...registrationFields, verificationToken: token('verificationToken', 'Please verify your OTP first.') })
  .strict();

const registrationToken = token('registrationToken', 'Please register first.');

/**
 * POST /payment/create-order: a fee option; `amount` (rupees) only counts for `custom` and is
 * ignored otherwise (the server sets every amount). The upper cap is a server setting.
 */
export const createOrderSchema = z
  .object({
    registrationToken,
    feeOption: z.enum(FEE_OPTION_IDS, { error: `feeOption must be one of ${FEE_OPTION_IDS.join(', ')}` }),
    amount: z.unknown().optional(),
  })
  .strict()
  .transform((value, ctx) => {
    if (value.feeOption !== 'custom') return { registrationToken: value.registrationToken, feeOption: value.feeOption, amountPaise: undefined };
    const amountPaise = customAmountPaise(value.amount);
    if (typeof amountPaise === 'string') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountPaise });
      return z.NEVER;
    }
    return { registrationToken: value.registrationToken, feeOption: value.feeOption, amountPaise };
  });

/** A custom amount in rupees (number or numeric text) -> paise, or the reason it is refused. */
export function customAmountPaise(amount: unknown): number | string {
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  if (text === '') return 'Enter an amount';
  if (!/^-?\d+(\.\d{1,2})?$/.test(text) || (typeof amount === 'number' && !Number.isFinite(amount))) return 'Enter the amount as a number of rupees (up to 2 decimals)';
  const rupees = Number(text);
  if (!(rupees >= 1)) return 'The amount must be at least ₹1';
  if (rupees > 100_000_000) return 'The amount is too large';
  return Math.round(rupees * 100);
}

/** POST /user/register-paid: what the checkout handed back, for our order of this registration. */
export const registerPaidSchema = z.object({ registrationToken, ...checkoutResultShape }).strict();

/** What the API answers about a registration (spec "Paid registration" fields). */
export type RegistrationDto = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  status: 'unpaid' | 'paid';
};

export type PaidRegistrationDto = {
  name: string;
  email: string;
  phone: string;
  /** Rupees. */
  amount: number;
  paymentId: string;
  status: 'paid';
  programName: string;
};

/** The /success link with the spec's query parameters. */
export function successUrl(paid: Pick<PaidRegistrationDto, 'name' | 'email' | 'amount' | 'programName' | 'paymentId'>): string {
  const query = new URLSearchParams({ name: paid.name, email: paid.email, amount: String(paid.amount), program: paid.programName, paymentId: paid.paymentId });
  return `/success?${query.toString()}`;
}
