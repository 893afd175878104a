/**
 * Registration with email OTP and the registration fee (docs/product.md, States and
 * Fees; docs/architecture.md, API departures): the request schemas the API checks. The fee table and the other plain
 * data live in ./registration-fees.ts (re-exported here), which the /information island imports
 * without pulling zod into a payment page's JavaScript budget.
 */
import { z } from 'zod';
import { emailSchema } from './account.ts';
import { codeInputSchema } from './codes.ts';
import { billingShape, checkBilling, checkoutResultShape } from './checkout.ts';
import { HONEYPOT } from './leads.ts';
import { customAmountPaise, FEE_OPTION_IDS } from './registration-fees.ts';
import { touchFields } from './tracking.ts';
import { checkGuardian, dateOfBirthField, guardianFields, noticeLanguageField } from './minors-schema.ts';

export * from './registration-fees.ts';

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
  return z.union([z.number(), z.string().trim().max(10)], { error: `Enter ${label} as a number` }).transform((v, ctx) => {
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
  .refine(
    (v) => /^\+?[0-9][0-9 -]*$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15,
    'Enter a valid phone number',
  );

/** The registration form (docs/product.md, Entities: Registration). */
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

/** The form's fields with the age question, the parent and the notice language (DPDP Act s.9, Rules r.3). */
const formFields = { ...registrationFields, ...dateOfBirthField, ...guardianFields, ...noticeLanguageField };

export const registrationFormSchema = z.object(formFields).strict().superRefine(checkGuardian);
export type RegistrationForm = z.input<typeof registrationFormSchema>;

const token = (label: string, message: string) => z.string({ error: message }).trim().min(20, message).max(200, `${label} is not valid`);

/** POST /otp/send. The honeypot must stay empty. */
export const otpSendSchema = z.object({ email: emailSchema, [HONEYPOT]: z.string().max(200).optional() }).strict();

/** POST /otp/verify */
export const otpVerifySchema = z
  .object({
    email: emailSchema,
    otp: z
      .string({ error: 'Enter the 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  })
  .strict();

/** POST /user/register-unpaid: the form plus the proof that the email was verified. */
export const registerUnpaidSchema = z
  .object({
    ...formFields,
    verificationToken: token('verificationToken', 'Please verify your OTP first.'),
    ...touchFields,
  })
  .strict()
  .superRefine(checkGuardian);

/** POST /user/registration-status: where the parent's consent stands (a child's registration). */
export const registrationStatusSchema = z.object({ registrationToken: token('registrationToken', 'Please register first.') }).strict();

const registrationToken = token('registrationToken', 'Please register first.');

/**
 * POST /payment/create-order: a fee option; `amount` (rupees) only counts for `custom` and is
 * ignored otherwise (the server sets every amount). The upper cap is a server setting. The
 * buyer's state (and optional GSTIN + business name) go on the tax invoice.
 */
export const createOrderSchema = z
  .object({
    registrationToken,
    feeOption: z.enum(FEE_OPTION_IDS, { error: `feeOption must be one of ${FEE_OPTION_IDS.join(', ')}` }),
    amount: z.unknown().optional(),
    /** A discount or scholarship code (preset fee options only). */
    code: codeInputSchema.optional(),
    ...billingShape,
  })
  .strict()
  .superRefine(checkBilling)
  .superRefine((value, ctx) => {
    if (value.code && value.feeOption === 'custom')
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Codes apply to the listed fees, not a custom amount' });
  })
  .transform((value, ctx) => {
    const common = {
      registrationToken: value.registrationToken,
      feeOption: value.feeOption,
      code: value.code || undefined,
      state: value.state,
      gstin: value.gstin,
      businessName: value.businessName,
    };
    if (value.feeOption !== 'custom') return { ...common, amountPaise: undefined };
    const amountPaise = customAmountPaise(value.amount);
    if (typeof amountPaise === 'string') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountPaise });
      return z.NEVER;
    }
    return { ...common, amountPaise };
  });

/** POST /user/register-paid: what the checkout handed back, for our order of this registration. */
export const registerPaidSchema = z.object({ registrationToken, ...checkoutResultShape }).strict();
