import { z } from 'zod';

/** Upload limits for course images: checked in the form and again by the API. */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`);

/** An amount in rupees, as typed in the form or sent in a multipart field: > 0, at most 2 decimals. */
const rupeesSchema = (label: string) =>
  z
    .number({ error: `Enter the ${label.toLowerCase()} in rupees` })
    .finite(`Enter the ${label.toLowerCase()} as a number`)
    .gt(0, `${label} must be more than 0`)
    .max(10_000_000, `${label} must be at most ₹1,00,00,000`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals (paise)`);

/** "" (an empty form field) is no value; other strings are read as numbers. */
const typedNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);

/**
 * The admin course form (create and update): the island checks it, the API checks the multipart
 * text fields with it. The image travels beside it as a file and is checked separately.
 * `listPrice` is optional: empty or absent means no list price (and no discount shown); when
 * given it must be above the price.
 */
export const courseFormSchema = z
  .object({
    title: text('title', 200),
    description: text('description', 5000),
    price: z.preprocess(typedNumber, rupeesSchema('Price')),
    listPrice: z.preprocess(typedNumber, rupeesSchema('List price').optional()),
    duration: z
      .string()
      .trim()
      .max(100, 'Duration must be at most 100 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict()
  .refine((v) => v.listPrice === undefined || typeof v.price !== 'number' || v.listPrice > v.price, {
    message: 'List price must be more than the price, or left empty for no discount',
    path: ['listPrice'],
  });
export type CourseForm = z.output<typeof courseFormSchema>;

export const LEAD_KINDS = ['contact', 'scholarship', 'pitch', 'registration', 'order'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: 'Advisor & contact requests',
  scholarship: 'Scholarship applications',
  pitch: 'Startup pitches',
  registration: 'Registrations',
  order: 'Course orders',
};

/** The admissions pipeline's stages (src/shared/pipeline.ts has the rest of it). */
export const STAGES = ['new', 'contacted', 'qualified', 'applied', 'enrolled', 'lost'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  applied: 'Applied',
  enrolled: 'Enrolled',
  lost: 'Lost',
};

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a real date');

/**
 * GET /api/v1/admin/leads query: kind, from/to (inclusive days, IST), q (name/email/phone),
 * stage, owner ("me", "none" or an admin's id), format.
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
    limit: z.coerce.number().int().min(1).max(1000).optional(),
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
