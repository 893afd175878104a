/**
 * Privacy rights (DPDP Act): the requests a learner or an owner admin sends, and the answers the
 * screens read. Used by the islands and the functions alike.
 */
import * as z from 'zod/mini';
import { emailSchema } from './account.ts';

/** The word an admin types to confirm an erasure. */
export const ERASE_CONFIRMATION = 'ERASE';

/** "Delete my account": the learner proves it is them by typing their password again. */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'Enter your password' })
    .check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Enter your password')),
});

/** An owner admin's export for a requester who has no account (or cannot log in). */
export const adminPrivacyExportSchema = z.strictObject({ email: emailSchema });

export const adminPrivacyEraseSchema = z.strictObject({
  email: emailSchema,
  confirm: z.string({ error: `Type ${ERASE_CONFIRMATION} to confirm` }).check(
    z.trim(),
    z.refine((value) => value === ERASE_CONFIRMATION, `Type ${ERASE_CONFIRMATION} to confirm`),
  ),
});

/** Rows erased or anonymised (or exported), per kind of data. */
export type PrivacySummary = Record<string, number>;

export type ErasureAnswer = { message: string; summary: PrivacySummary };

export type PrivacyRequestDto = {
  id: string;
  action: 'export' | 'erasure';
  requestedBy: 'self' | 'admin' | 'parent';
  adminName: string | null;
  emailHash: string;
  summary: PrivacySummary;
  createdAt: string;
};
