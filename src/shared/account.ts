/**
 * Account rules shared by the forms (browser) and the API (functions): written with zod/mini,
 * the functional and tree-shakable form of the same zod (docs/architecture.md, Pages and islands),
 * so a page carries only the checks it uses, never the whole library. One schema, one message per
 * rule, on both sides.
 */
import * as z from 'zod/mini';
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
  .check(
    z.trim(),
    z.minLength(1, 'Enter your email address'),
    z.maxLength(254, 'Email is too long'),
    z.email('Enter a valid email address'),
    z.toLowerCase(),
  );

/**
 * A new password: length only, no composition rule (see password.ts). Where the estimator is
 * loaded (the signup and settings pages, once the field is used) a common password is refused
 * here too; the server refuses it before hashing (netlify/lib/auth/passwords.ts).
 */
export const passwordSchema = z.string({ error: 'Enter a password' }).check(
  z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  z.superRefine((password, ctx) => {
    const checker = loadedPasswordChecker();
    const problem = checker && !lengthProblem(password) ? guessableProblem(checker(password)) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** Refuses a password holding the person's name or email address (signup forms). */
function refusePersonal(field: string) {
  return z.superRefine((value: Person & Record<string, unknown>, ctx) => {
    const password = value[field];
    const problem = typeof password === 'string' ? personalProblem(password, value) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });
}

const nameSchema = (label: string) =>
  z.string({ error: `Enter your ${label.toLowerCase()}` }).check(
    z.trim(),
    z.maxLength(100, `${label} is too long`),
    z.refine((v) => !/[\r\n<>]/.test(v), `${label} has characters that are not allowed`),
  );

const requiredName = (label: string) => z.pipe(nameSchema(label), z.string().check(z.minLength(1, `Enter your ${label.toLowerCase()}`)));

export const userSignupSchema = z
  .strictObject({
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    email: emailSchema,
    password: passwordSchema,
    // "I am under 18" and the parent's details (DPDP Act s.9); the notice's language.
    ...leadAgeFields,
  })
  .check(refusePersonal('password'));

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Enter your password' })
    .check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password is too long')),
});

/** Admin signup (firstName optional) plus the invite code (docs/architecture.md, API departures). */
export const adminSignupSchema = z.strictObject({
  firstName: z._default(z.optional(nameSchema('First name')), ''),
  lastName: requiredName('Last name'),
  email: emailSchema,
  password: passwordSchema,
  inviteCode: z
    .string({ error: 'Enter the invite code' })
    .check(z.minLength(1, 'Enter the invite code'), z.maxLength(200, 'Invite code is too long')),
});

/**
 * The admin signup form with the name/email rule. A separate schema because the terminal's
 * create-admin derives its own from adminSignupSchema with z.omit(), which refinements forbid.
 */
export const adminSignupFormSchema = adminSignupSchema.check(refusePersonal('password'));

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .check(z.minLength(1, 'Enter your current password'), z.maxLength(128, 'Password is too long')),
  newPassword: passwordSchema,
});

/** Signup's one answer, for a new email and a taken one alike (learners and admins). */
export const SIGNUP_ANSWER = 'Check your email: we sent a link to confirm your address. Open it, then log in.';

/** "Forgot password?": the email only. */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

/** The random token of an emailed link (base64url of 32 bytes). */
export const linkTokenSchema = z
  .string({ error: 'This link is incomplete: open it from the email again' })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete: open it from the email again'));

/** A new password from a reset link (the server knows whose, and checks the name and email rule). */
export const resetPasswordSchema = z.strictObject({ token: linkTokenSchema, password: passwordSchema });

/** Confirming an email address from its link. */
export const verifyEmailSchema = z.strictObject({ token: linkTokenSchema });

/**
 * What the browser stores to drive the UI (never the token: that is an HttpOnly cookie).
 * `emailVerified` false: the learner sees only "confirm your email" on account pages (a record
 * stored before it existed counts as confirmed; the server decides anyway).
 */
export type DisplayUser = { _id: string; email: string; firstName: string; emailVerified?: boolean };
