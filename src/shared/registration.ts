/**
 * Registration with email OTP and the registration fee (docs/product.md, States and
 * Fees; docs/architecture.md, API departures): the request schemas the API checks. The form's
 * fields are ./registration-form.ts (zod/mini, the /information form's own check too); the fee
 * table and the other plain data live in ./registration-fees.ts. Both are re-exported here.
 */
import { z } from 'zod';
import { emailSchema } from './account.ts';
import { registrationFormFields } from './registration-form.ts';
import { codeInputSchema } from './codes.ts';
import { billingShape, checkBilling, checkoutResultShape } from './checkout.ts';
import { HONEYPOT } from './leads.ts';
import { customAmountPaise, FEE_OPTION_IDS } from './registration-fees.ts';
import { touchFields } from './tracking.ts';
import { checkGuardian } from './minors-schema.ts';

export * from './registration-fees.ts';
export { phoneSchema, registrationFields, registrationFormSchema, type RegistrationForm } from './registration-form.ts';

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
    ...registrationFormFields,
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
