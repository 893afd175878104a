/**
 * "Your choices" (DPDP Act s.6(4)): the page every email links to, where a person sees each consent
 * they gave and withdraws any of them without logging in. Requests and answers, shared.
 */
import * as z from 'zod/mini';
import type { ConsentPurpose, NoticeLanguage } from './consent.ts';

export const CONSENT_PURPOSES = [
  'contact',
  'advisor',
  'scholarship',
  'pitch',
  'registration',
  'signup',
  'whatsapp',
] as const satisfies readonly ConsentPurpose[];

/** What each consent was given for, as the page names it. */
export const PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  contact: 'Answering your message from the contact page',
  advisor: 'A callback from an advisor',
  scholarship: 'Your scholarship application',
  pitch: 'Your AspiraTank pitch',
  registration: 'Your programme registration',
  signup: 'Your Aspira account',
  whatsapp: 'Updates on WhatsApp',
};

const token = z
  .string({ error: 'This link is not valid' })
  .check(z.trim(), z.minLength(20, 'This link is not valid'), z.maxLength(1000, 'This link is not valid'));

/** POST /choices */
export const choicesSchema = z.strictObject({ token });

/** POST /choices/withdraw: one purpose, or every consent when none is named. */
export const withdrawSchema = z.strictObject({
  token,
  purpose: z.optional(z.enum(CONSENT_PURPOSES, { error: `purpose must be one of ${CONSENT_PURPOSES.join(', ')}` })),
});

export type ConsentChoice = {
  purpose: ConsentPurpose;
  givenAt: string;
  noticeVersion: string;
  language: NoticeLanguage;
  withdrawnAt: string | null;
};

export type ChoicesAnswer = { email: string; consents: ConsentChoice[] };
export type WithdrawAnswer = ChoicesAnswer & { withdrawn: number; message: string };
