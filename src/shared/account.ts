import { z } from 'zod';
import { leadAgeFields } from './minors-schema.ts';
import {
  guessableProblem,
  lengthProblem,
  loadedPasswordChecker,
  personalProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type Person,
} from './password.ts';

/** Emails are trimmed and lower-cased before anything else sees them. */
export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((v) => v.toLowerCase());

/**
 * A new password: length only, no composition rule (see password.ts). Where the estimator is
 * loaded (the signup and settings pages, once the field is used) a common password is refused
 * here too; the server refuses it before hashing (netlify/lib/auth/passwords.ts).
 */
export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .superRefine((password, ctx) => {
    const checker = loadedPasswordChecker();
    const problem = checker && !lengthProblem(password) ? guessableProblem(checker(password)) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Refuses a password holding the person's name or email address (signup forms). */
function refusePersonal(field: string) {
  return (value: Person & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = value[field];
    const problem = typeof password === 'string' ? personalProblem(password, value) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  };
}

const nameSchema = (label: string) =>
  z
    .string({ error: `Enter your ${label.toLowerCase()}` })
    .trim()
    .max(100, `${label} is too long`)
    .refine((v) => !/[\r\n<>]/.test(v), `${label} has characters that are not allowed`);

export const userSignupSchema = z
  .object({
    firstName: nameSchema('First name').pipe(z.string().min(1, 'Enter your first name')),
    lastName: nameSchema('Last name').pipe(z.string().min(1, 'Enter your last name')),
    email: emailSchema,
    password: passwordSchema,
    // "I am under 18" and the parent's details (DPDP Act s.9); the notice's language.
    ...leadAgeFields,
  })
  .strict()
  .superRefine(refusePersonal('password'));

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128, 'Password is too long'),
  })
  .strict();

/** Admin signup (firstName optional) plus the invite code (docs/architecture.md, API departures). */
export const adminSignupSchema = z
  .object({
    firstName: nameSchema('First name').optional().default(''),
    lastName: nameSchema('Last name').pipe(z.string().min(1, 'Enter your last name')),
    email: emailSchema,
    password: passwordSchema,
    inviteCode: z.string({ error: 'Enter the invite code' }).min(1, 'Enter the invite code').max(200, 'Invite code is too long'),
  })
  .strict();

/**
 * The admin signup form with the name/email rule. A separate schema because the terminal's
 * create-admin derives its own from adminSignupSchema with .omit(), which refinements forbid.
 */
export const adminSignupFormSchema = adminSignupSchema.superRefine(refusePersonal('password'));

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    newPassword: passwordSchema,
  })
  .strict();

/** Signup's one answer, for a new email and a taken one alike (learners and admins). */
export const SIGNUP_ANSWER = 'Check your email: we sent a link to confirm your address. Open it, then log in.';

/** "Forgot password?": the email only. */
export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();

/** The random token of an emailed link (base64url of 32 bytes). */
export const linkTokenSchema = z
  .string({ error: 'This link is incomplete: open it from the email again' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete: open it from the email again');

/** A new password from a reset link (the server knows whose, and checks the name and email rule). */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: passwordSchema }).strict();

/** Confirming an email address from its link. */
export const verifyEmailSchema = z.object({ token: linkTokenSchema }).strict();

/**
 * What the browser stores to drive the UI (never the token: that is an HttpOnly cookie).
 * `emailVerified` false: the learner sees only "confirm your email" on account pages (a record
 * stored before it existed counts as confirmed; the server decides anyway).
 */
export type DisplayUser = { _id: string; email: string; firstName: string; emailVerified?: boolean };
