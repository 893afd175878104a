import { z } from 'zod';

/** Emails are trimmed and lower-cased before anything else sees them. */
export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), 'Password must contain letters and numbers');

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
  })
  .strict();

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128, 'Password is too long'),
  })
  .strict();

/** Admin signup (spec: firstName optional) plus the invite code of DESIGN.md section 5 item 4. */
export const adminSignupSchema = z
  .object({
    firstName: nameSchema('First name').optional().default(''),
    lastName: nameSchema('Last name').pipe(z.string().min(1, 'Enter your last name')),
    email: emailSchema,
    password: passwordSchema,
    inviteCode: z.string({ error: 'Enter the invite code' }).min(1, 'Enter the invite code').max(200, 'Invite code is too long'),
  })
  .strict();

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    newPassword: passwordSchema,
  })
  .strict();

/** What the browser stores to drive the UI (never the token: that is an HttpOnly cookie). */
export type DisplayUser = { _id: string; email: string; firstName: string };
