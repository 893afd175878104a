/**
 * Privacy requests without an account (DPDP Act ss.11-13; Rules r.14): a copy, a correction or an
 * erasure, asked on /privacy-request, proven by a link to the email, answered by an owner.
 */
import * as z from 'zod/mini';
import { emailSchema } from './account.ts';
import { HONEYPOT } from './leads.ts';
import { pagingFields } from './paging.ts';

export const RIGHTS_KINDS = { export: 'A copy of my data', correction: 'Correct my data', erasure: 'Erase my data' } as const;
export type RightsKind = keyof typeof RIGHTS_KINDS;
/**
 * Days to answer a confirmed request: what the policy promises and the owners' queue's deadline,
 * shorter than the Rules' outer limit (rule 14(3): 90 days). A test holds the policy texts to it.
 */
export const PROMISED_DAYS = 30;
export const REQUEST_LINK_HOURS = 24;

/** POST /privacy/request */
export const rightsRequestSchema = z
  .strictObject({
    email: emailSchema,
    kind: z.enum(Object.keys(RIGHTS_KINDS) as [RightsKind, ...RightsKind[]], { error: 'Choose what you are asking for' }),
    details: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000, 'Details must be at most 2000 characters'))), ''),
    [HONEYPOT]: z.optional(z.string().check(z.maxLength(0, 'Leave this field empty'))),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.kind === 'correction' && !value.details)
        ctx.addIssue({ code: 'custom', path: ['details'], message: 'Say what is wrong and what it should be', input: value });
    }),
  );

/** POST /privacy/request/confirm */
export const rightsConfirmSchema = z.strictObject({
  token: z
    .string({ error: 'This link is not valid' })
    .check(z.trim(), z.minLength(20, 'This link is not valid'), z.maxLength(200, 'This link is not valid')),
});

/** POST /admin/privacy/rights-requests/:id/close (owners) */
export const rightsCloseSchema = z.strictObject({
  outcome: z.enum(['done', 'refused'], { error: 'outcome must be done or refused' }),
  note: z._default(z.optional(z.string().check(z.trim(), z.maxLength(1000, 'The note must be at most 1000 characters'))), ''),
});

export type RightsRequestDto = {
  id: string;
  email: string;
  kind: RightsKind;
  details: string;
  status: 'open' | 'done' | 'refused';
  confirmedAt: string;
  dueAt: string;
  overdue: boolean;
  closedAt: string | null;
  outcomeNote: string | null;
};

/** GET /api/v1/admin/privacy/rights-requests: a page of the owners' queue (./paging.ts), by deadline or by when confirmed. */
export const rightsQueueQuerySchema = z.strictObject({ ...pagingFields('requests') });
export type RightsQueueQuery = z.output<typeof rightsQueueQuerySchema>;
