/**
 * The person behind the leads (docs/architecture.md, Persons): the admin's person page
 * (/admin/person?id=...) and its API. Leads with the same email or phone are one person; an
 * admin can merge two persons and undo the merge.
 */
import * as z from 'zod/mini';
import type { PersonBatchAttendance } from './classes.ts';
import type { EmailBounceDto } from './operations.ts';
import type { MinorContactDto } from './pipeline.ts';

/** The person page's address for a person id. */
export const personPath = (id: string | number) => `/admin/person?id=${encodeURIComponent(String(id))}`;

/**
 * The person page of the person a lead belongs to, by the lead as the pipeline names it
 * ('contact', '12'; a registration by registrations.id): the link the inbox and the queue use.
 */
export const personPathForLead = (kind: string, leadId: string) => `/admin/person?lead=${encodeURIComponent(`${kind}:${leadId}`)}`;

/** The form (or flow) a lead came through, as people name it. */
export const LEAD_FORM_LABELS: Record<string, string> = {
  advisor: 'Advisor callback',
  popup: 'Advisor page (/popup)',
  contact: 'Contact page',
  scholarship: 'Scholarship application',
  pitch: 'AspiraTank pitch',
  registration: 'Registration',
  order: 'Course order',
};
/** How a lead's arrival reads in the person's timeline. */
export const TIMELINE_FORM_TITLES: Record<string, string> = {
  advisor: 'Callback request (advisor dialog)',
  popup: 'Callback request (advisor page)',
  contact: 'Contact message',
  scholarship: 'Scholarship application',
  pitch: 'AspiraTank pitch',
  registration: 'Registration',
  order: 'Course checkout',
};
/** The pipeline's stages as shown. */
export const STAGE_LABELS: Record<string, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  applied: 'Applied',
  enrolled: 'Enrolled',
  lost: 'Lost',
};

export const personIdSchema = z
  .string({ error: 'Give the person id' })
  .check(z.trim(), z.regex(/^[1-9]\d{0,15}$/, 'A person id is a whole number'));

/** GET /api/v1/admin/persons/lookup?kind=&id=: the person a lead belongs to. */
export const personLookupSchema = z.strictObject({
  kind: z.enum(['contact', 'scholarship', 'pitch', 'registration', 'order'], {
    error: 'kind must be contact, scholarship, pitch, registration or order',
  }),
  id: z
    .string({ error: 'Give the lead id' })
    .check(z.trim(), z.minLength(1, 'Give the lead id'), z.maxLength(64, 'The lead id is at most 64 characters')),
});

/** POST /api/v1/admin/persons/{id}/merge: merge another person into this one. */
export const mergeSchema = z.strictObject({
  otherId: personIdSchema,
  reason: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(500, 'Reason must be at most 500 characters'))),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
});
export type MergeInput = z.input<typeof mergeSchema>;

/** GET /api/v1/admin/persons?q=: find a person to merge with (name, email or phone). */
export const personSearchSchema = z.strictObject({
  q: z.string({ error: 'Type a name, email or phone' }).check(z.trim(), z.minLength(3, 'Type at least 3 characters'), z.maxLength(100)),
});

export type TimelineKind =
  | 'whatsapp'
  | 'callback'
  | 'contact'
  | 'scholarship'
  | 'pitch'
  | 'registration'
  | 'fee-payment'
  | 'checkout'
  | 'purchase'
  | 'refund'
  | 'email'
  | 'bounce'
  | 'stage'
  | 'note'
  | 'merge';

export type TimelineEntry = {
  at: string;
  kind: TimelineKind;
  title: string;
  detail?: string;
  /** The lead this entry belongs to, as the pipeline names it. */
  lead?: { kind: string; id: string };
};

export type PersonLead = {
  kind: string;
  id: string;
  createdAt: string;
  form: string;
  programme: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  /** "google / cpc / diwali", "via bing.com" or "direct". */
  lastTouch: string;
  firstTouch: string | null;
  stage: string | null;
};

export type PersonMerge = {
  id: string;
  fromId: string;
  intoId: string;
  at: string;
  by: string | null;
  reason: string | null;
  undoneAt: string | null;
};

export type PersonDto = {
  id: string;
  /** The id asked for (another when it was merged into this person). */
  requestedId: string;
  names: string[];
  emails: string[];
  phones: string[];
  firstSeen: string;
  leads: PersonLead[];
  timeline: TimelineEntry[];
  merges: PersonMerge[];
  /** The person's addresses that bounced (open first): "email bounced", with the reason. */
  bounces: EmailBounceDto[];
  /** A child's leads (DPDP Act s.9): the parent to contact instead, by the lead it concerns. */
  parents: (MinorContactDto & { lead: { kind: string; id: string } })[];
  /** The learner's batches and attendance percent (no detail), from the classes' view. */
  batches: PersonBatchAttendance[];
};

export type PersonSummary = { id: string; names: string[]; emails: string[]; phones: string[]; leads: number };
