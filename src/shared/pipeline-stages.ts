/**
 * The admissions pipeline's kinds of lead and stages, and the stage change the lead screens check
 * before they send it (zod/mini: a screen carries only these checks). ./pipeline.ts re-exports
 * them beside the API's other pipeline schemas.
 */
import * as z from 'zod/mini';

export const LEAD_KINDS = ['contact', 'scholarship', 'pitch', 'registration', 'order'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: 'Advisor & contact requests',
  scholarship: 'Scholarship applications',
  pitch: 'Startup pitches',
  registration: 'Registrations',
  order: 'Course orders',
};

/** The admissions pipeline's stages. */
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

/** Stages a lead leaves the work queue in. */
export const CLOSED_STAGES: readonly Stage[] = ['enrolled', 'lost'];

export const NOTE_MAX = 2000;
export const LOST_REASON_MAX = 500;

export const noteText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Enter the ${label}`),
      z.maxLength(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${max} characters`),
    );

/**
 * A follow-up time: "2026-11-25T10:30" as a datetime-local field sends it (read as India time),
 * or a full ISO time with its zone; null clears it.
 */
export const followUpSchema = z.pipe(
  z
    .pipe(
      z
        .string({ error: 'Enter the follow-up date and time' })
        .check(
          z.trim(),
          z.regex(
            /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
            'Enter the follow-up as a date and time, like 2026-11-25T10:30',
          ),
        ),
      z.transform((value: string) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}+05:30`)),
    )
    .check(
      z.refine((date) => !Number.isNaN(date.getTime()), 'Not a real date and time'),
      z.refine((date) => Math.abs(date.getTime() - Date.now()) < 2 * 366 * 86_400_000, 'Pick a follow-up within two years of today'),
    ),
  z.transform((date: Date) => date.toISOString()),
);

/** An optional text field of a form: empty means not given. */
const optional = <T extends z.core.$ZodType>(schema: T) =>
  z.union([
    z.optional(schema),
    z.pipe(
      z.literal(''),
      z.transform(() => undefined),
    ),
  ]);

/** POST /admin/pipeline/:kind/:id/stage: the quick stage change (with a note, a follow-up). */
export const stageChangeSchema = z
  .strictObject({
    stage: z.enum(STAGES, { error: `Choose a stage: ${STAGES.map((s) => STAGE_LABELS[s]).join(', ')}` }),
    note: optional(noteText('note', NOTE_MAX)),
    lostReason: optional(noteText('reason', LOST_REASON_MAX)),
    nextFollowUpAt: optional(z.nullable(followUpSchema)),
  })
  .check(
    z.refine((v) => v.stage !== 'lost' || !!v.lostReason, { message: 'Give the reason the lead was lost', path: ['lostReason'] }),
    z.refine((v) => v.stage === 'lost' || !v.lostReason, { message: 'A reason is only for a lost lead', path: ['lostReason'] }),
  );
export type StageChange = z.output<typeof stageChangeSchema>;
