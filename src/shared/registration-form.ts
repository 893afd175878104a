/**
 * The registration form (docs/product.md, Entities: Registration): its fields and their rules, the
 * one check of both the /information form (browser) and the API (./registration.ts builds its
 * request schemas from these fields). Written with zod/mini, like ./account.ts, so the page carries
 * only these checks.
 */
import * as z from 'zod/mini';
import { emailSchema } from './account.ts';
import { whatsappOptIn } from './whatsapp-opt-in.ts';
import { checkGuardian, dateOfBirthField, guardianFields, noticeLanguageField } from './minors-schema.ts';
import { GUARDIAN_EMPTY } from './minors.ts';

const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f]/;
const MULTILINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const capital = (label: string) => `${label[0]!.toUpperCase()}${label.slice(1)}`;

function oneLine(label: string, max: number, required: boolean) {
  return z.string({ error: `Enter ${label}` }).check(
    z.trim(),
    z.maxLength(max, `${capital(label)} must be at most ${max} characters`),
    z.refine((v) => !required || v.length > 0, `Enter ${label}`),
    z.refine((v) => !LINE_BREAK_OR_CONTROL.test(v), `${capital(label)} must be on one line`),
  );
}

function longText(label: string, max: number, required: boolean) {
  return z.string({ error: `Enter ${label}` }).check(
    z.trim(),
    z.maxLength(max, `${capital(label)} must be at most ${max} characters`),
    z.refine((v) => !required || v.length > 0, `Enter ${label}`),
    z.refine((v) => !MULTILINE_CONTROL.test(v), `${capital(label)} has characters that are not allowed`),
  );
}

/** A percentage typed as text or sent as a number: 0 to 100, at most two decimals. */
function percent(label: string, required: boolean) {
  return z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.maxLength(10, `Enter ${label} as a percentage from 0 to 100`))], {
      error: `Enter ${label} as a number`,
    }),
    z.transform((v: number | string, ctx) => {
      if (v === '') {
        if (required) ctx.issues.push({ code: 'custom', message: `Enter ${label}`, input: v });
        return undefined;
      }
      const n = typeof v === 'number' ? v : /^\d{1,3}(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) {
        ctx.issues.push({ code: 'custom', message: `Enter ${label} as a percentage from 0 to 100`, input: v });
        return z.NEVER;
      }
      return n;
    }),
  );
}

export const phoneSchema = z.string({ error: 'Enter your phone number' }).check(
  z.trim(),
  z.minLength(1, 'Enter your phone number'),
  z.maxLength(20, 'Phone number is too long'),
  z.refine(
    (v) => /^\+?[0-9][0-9 -]*$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15,
    'Enter a valid phone number',
  ),
);

/** The registration form's fields (docs/product.md, Entities: Registration). */
export const registrationFields = {
  name: oneLine('your name', 100, true),
  email: emailSchema,
  phone: phoneSchema,
  fatherName: oneLine("your father's name", 100, true),
  qualification: z._default(z.optional(oneLine('your qualification', 200, false)), ''),
  highschool: percent('your high school percentage', true),
  university: z.optional(percent('your university percentage', false)),
  sop: z._default(z.optional(longText('your statement of purpose', 5000, false)), ''),
  experience: z._default(z.optional(longText('your work experience', 2000, false)), ''),
  motivation: longText('your motivation', 5000, true),
  ...whatsappOptIn,
};

/** The form's fields with the age question, the parent and the notice language (DPDP Act s.9, Rules r.3). */
export const registrationFormFields = { ...registrationFields, ...dateOfBirthField, ...guardianFields, ...noticeLanguageField };

export const registrationFormSchema = z.strictObject(registrationFormFields).check(z.superRefine(checkGuardian));
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** The form as the page starts it: every field empty. */
export const REGISTRATION_EMPTY = {
  name: '',
  email: '',
  phone: '',
  fatherName: '',
  qualification: '',
  highschool: '',
  university: '',
  sop: '',
  experience: '',
  motivation: '',
  dateOfBirth: '',
  ...GUARDIAN_EMPTY,
  /** The language of the notice read beside the form ('en' or 'hi'), kept with the consent. */
  noticeLanguage: 'en' as 'en' | 'hi',
};
export type RegistrationValues = typeof REGISTRATION_EMPTY;

/** Why this email cannot get a code (undefined when it can): the email rule of the form. */
export function emailProblem(email: string): string | undefined {
  const result = emailSchema.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}
