/**
 * What makes a lead kind: the schema its form is checked with, the table and columns it is
 * stored in, the consent purpose, its two emails and the answer the visitor sees. A new kind is
 * one of these (and its table), nothing more: store.ts does the rest.
 */
import type { z } from 'zod';
import type { ConsentPurpose } from '../../../src/shared/consent.ts';
import type { Tracking } from '../../../src/shared/leads.ts';
import type { LeadEmails } from './emails.ts';

export type LeadDefinition<S extends z.core.$ZodType> = {
  schema: S;
  table: string;
  /** The kind's own columns (campaign and sender hash are added by the store). */
  columns: (data: z.output<S>) => Record<string, unknown>;
  consentPurpose: (data: z.output<S>) => ConsentPurpose;
  emails: (data: z.output<S>) => LeadEmails;
  /** The success message the API answers with. */
  answer: (data: z.output<S>) => string;
  email: (data: z.output<S>) => string;
  tracking: (data: z.output<S>) => Tracking;
};

export const orNull = (value: string | undefined | null) => (value ? value : null);

/** Only the definition's type is checked here; the value is returned as is. */
export const defineLead = <S extends z.core.$ZodType>(definition: LeadDefinition<S>) => definition;
