/**
 * The admissions pipeline, shared by the admin islands and the API: the inbox's query and rows,
 * the lead reference, and the bodies of the pipeline, team and audit endpoints. The kinds of lead,
 * the stages and the stage change a screen checks are ./pipeline-stages.ts (re-exported here).
 */
import type { BounceReason } from './operations.ts';
import { z } from 'zod';
import { PROGRAMMES } from './leads.ts';
import { pagingFields } from './paging.ts';
import { followUpSchema, LEAD_KINDS, noteText, NOTE_MAX, STAGES, type LeadKind, type Stage } from './pipeline-stages.ts';

export * from './pipeline-stages.ts';

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a real date');

/**
 * GET /api/v1/admin/leads query: kind, from/to (inclusive days, IST), q (name/email/phone),
 * stage, owner ("me", "none" or an admin's id), format, and the page (./paging.ts).
 */
export const leadsQuerySchema = z
  .object({
    kind: z.enum(LEAD_KINDS, { error: `kind must be one of ${LEAD_KINDS.join(', ')}` }).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    q: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
    stage: z.enum(STAGES, { error: `stage must be one of ${STAGES.join(', ')}` }).optional(),
    owner: z
      .string()
      .regex(/^(me|none|[0-9a-z]{1,40})$/, 'owner must be me, none or an admin id')
      .optional(),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
    ...pagingFields('leads'),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must be on or before to', path: ['from'] });
export type LeadsQuery = z.output<typeof leadsQuerySchema>;

/** One row of the admin inbox, whatever its source table. */
export type LeadDto = {
  kind: LeadKind;
  id: string;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  summary: string;
  details: Record<string, unknown>;
  /** The pipeline: stage, owner (id and name), next follow-up. */
  stage: Stage;
  ownerId: string | null;
  ownerName: string | null;
  nextFollowUpAt: string | null;
};

/** Owners run everything, counsellors work leads, faculty teach their batches only. */
export const ADMIN_ROLES = ['owner', 'counsellor', 'faculty'] as const;
export type AdminRoleName = (typeof ADMIN_ROLES)[number];

/** A lead as the inbox names it: kind and id ("<registration>:<payment>" rows follow the registration). */
export const leadRefSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: `kind must be one of ${LEAD_KINDS.join(', ')}` }),
  id: z
    .string()
    .regex(/^[0-9a-z]{1,40}(:[0-9]{1,20})?$/, 'Not a lead id')
    .transform((id) => id.split(':')[0]!),
});
export type LeadRef = { kind: LeadKind; id: string };

export const noteSchema = z.object({ body: noteText('note', NOTE_MAX) }).strict();
export const followUpBodySchema = z.object({ nextFollowUpAt: z.nullable(followUpSchema) }).strict();
export const ownerBodySchema = z
  .object({
    ownerId: z
      .string()
      .regex(/^[0-9a-z]{1,40}$/, 'Choose an admin')
      .nullable(),
  })
  .strict();

/** PATCH /admin/team/:id (owners): role, takes new leads, active. */
export const teamUpdateSchema = z
  .object({
    adminRole: z.enum(ADMIN_ROLES, { error: 'Role must be owner, counsellor or faculty' }).optional(),
    takesLeads: z.boolean({ error: 'takesLeads must be true or false' }).optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type TeamUpdate = z.output<typeof teamUpdateSchema>;

/** PUT /admin/team/rules: leads for a programme go to one admin. */
export const assignmentRuleSchema = z
  .object({
    programme: z.enum(PROGRAMMES, { error: 'Choose a programme from the list' }),
    accountId: z.string().regex(/^[0-9a-z]{1,40}$/, 'Choose an admin'),
  })
  .strict();

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'Not a real date');

/** GET /admin/audit: by actor (account id), action, and IST days (both ends included). */
export const auditQuerySchema = z
  .object({
    actor: z
      .string()
      .regex(/^[0-9a-z]{1,40}$/, 'Not an admin id')
      .optional(),
    action: z
      .string()
      .regex(/^[a-z][a-z0-9_.-]{1,59}$/, 'Not an action name')
      .optional(),
    from: day.optional(),
    to: day.optional(),
    ...pagingFields('audit'),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must be on or before to', path: ['from'] });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** GET /api/v1/admin/team: a page of the team (./paging.ts), by name or role. */
export const teamQuerySchema = z.object({ ...pagingFields('team') }).strict();
export type TeamQuery = z.output<typeof teamQuerySchema>;

/** A lead's pipeline as the admin screens show it. */
export type PipelineDto = {
  kind: LeadKind;
  id: string;
  stage: Stage;
  lostReason: string | null;
  ownerId: string | null;
  ownerName: string | null;
  nextFollowUpAt: string | null;
  firstContactedAt: string | null;
  arrivedAt: string;
};
export type StageChangeDto = { from: Stage; to: Stage; note: string | null; by: string | null; at: string };
export type NoteDto = { id: string; body: string; by: string | null; at: string };
/** A child's lead (DPDP Act s.9): contact the parent, never the child. */
export type MinorContactDto = { name: string; email: string; phone: string; consent: 'awaiting' | 'given' };
export type LeadPipelineDetail = { pipeline: PipelineDto; history: StageChangeDto[]; notes: NoteDto[]; minor?: MinorContactDto | null };

/** One line of "My leads". */
export type QueueItem = PipelineDto & {
  /** bounced: the lead's email bounced, get the right address (first, whatever the stage). */
  bucket: 'bounced' | 'overdue' | 'new' | 'later';
  name: string;
  email: string;
  phone: string;
  summary: string;
  /** Why the lead's email is undeliverable (a bounce nobody has handled yet), or null. */
  bounce: { reason: BounceReason; detail: string; bouncedAt: string } | null;
  /** When the person last wrote on WhatsApp (ISO), or null. */
  lastReplyAt?: string | null;
  /** A learner whose attendance in a batch fell under its threshold (their lowest), or null. */
  attendance: { batchName: string; percent: number; threshold: number } | null;
};

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  adminRole: AdminRoleName;
  takesLeads: boolean;
  active: boolean;
  openLeads: number;
};
export type AssignmentRule = { programme: string; accountId: string; name: string };
export type AuditEntry = {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  subjectKind: string;
  subjectId: string;
  details: Record<string, unknown>;
  at: string;
};
export type AdminOption = { id: string; name: string };
