/**
 * Batches of a course or programme (docs/product.md, Batches): the owner's batch form, faculty,
 * manual enrolment and the answers the screens read. Request schemas in zod/mini; dates travel
 * as 'YYYY-MM-DD' (a batch's days are India days), times as ISO strings in UTC.
 */
import * as z from 'zod/mini';
import { courseIdSchema } from './catalogue.ts';
import { emailSchema } from './account.ts';

export * from './cohort-labels.ts';
import type { BatchStatus, PhaseKind, SeatSource, SeatStatus } from './cohort-labels.ts';
import { BATCH_STATUSES, MAX_CAPACITY, MAX_FACULTY, MAX_PHASES, PHASE_KINDS } from './cohort-labels.ts';

/** Batch ids are 24 hexadecimal characters, like course and account ids. */
export const batchIdSchema = z
  .string({ error: 'A batch id is 24 hexadecimal characters' })
  .check(z.regex(/^[0-9a-fA-F]{24}$/, 'A batch id is 24 hexadecimal characters'), z.toLowerCase());
const accountIdSchema = z
  .string({ error: 'An account id is 24 hexadecimal characters' })
  .check(z.regex(/^[0-9a-f]{24}$/, 'An account id is 24 hexadecimal characters'));
export const programmeSlugSchema = z
  .string({ error: 'Choose a programme' })
  .check(z.trim(), z.regex(/^[a-z0-9-]{1,60}$/, 'Choose a programme from the list'));

const day = (label: string) =>
  z.string({ error: `Enter the ${label} as a date like 2026-08-03` }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date like 2026-08-03`),
    z.refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `The ${label} is not a real date`),
  );
const name = z.string({ error: 'Enter the batch name' }).check(
  z.trim(),
  z.minLength(1, 'Enter the batch name'),
  z.maxLength(120, 'The batch name must be at most 120 characters'),
  z.refine((v) => !/[\r\n<>]/.test(v), 'The batch name must be on one line, without < or >'),
);
const capacity = z
  .number({ error: 'Enter the number of seats' })
  .check(
    z.int('The number of seats is a whole number'),
    z.gte(1, 'A batch has at least 1 seat'),
    z.lte(MAX_CAPACITY, `A batch has at most ${MAX_CAPACITY} seats`),
  );
const threshold = z
  .number({ error: 'Enter the attendance threshold as a percentage' })
  .check(
    z.int('The attendance threshold is a whole percentage'),
    z.gte(0, 'The attendance threshold is 0 to 100'),
    z.lte(100, 'The attendance threshold is 0 to 100'),
  );

export const phaseSchema = z
  .strictObject({
    kind: z.enum(PHASE_KINDS, { error: 'A phase is online or in class' }),
    startsOn: day('phase start'),
    endsOn: day('phase end'),
    venue: z.optional(
      z.nullable(
        z.string({ error: 'Enter the venue' }).check(
          z.trim(),
          z.maxLength(200, 'The venue must be at most 200 characters'),
          z.refine((v) => !/[\r\n<>]/.test(v), 'The venue must be on one line'),
        ),
      ),
    ),
  })
  .check(
    z.superRefine((phase, ctx) => {
      if (phase.endsOn < phase.startsOn)
        ctx.issues.push({ code: 'custom', message: 'A phase must end on or after its start', input: phase, path: ['endsOn'] });
      if (phase.kind === 'classroom' && !phase.venue)
        ctx.issues.push({ code: 'custom', message: 'Enter the venue of the in-class phase', input: phase, path: ['venue'] });
    }),
  );
export type PhaseInput = z.output<typeof phaseSchema>;

const phases = z.array(phaseSchema).check(z.maxLength(MAX_PHASES, `A batch has at most ${MAX_PHASES} phases`));

/** Dates in order and phases inside the batch's dates (checked on create and on a patch). */
function checkDates(batch: { startsOn?: string; endsOn?: string; phases?: PhaseInput[] }, ctx: { issues: unknown[] }) {
  const issues = ctx.issues as { code: 'custom'; message: string; input: unknown; path: PropertyKey[] }[];
  if (batch.startsOn && batch.endsOn && batch.endsOn < batch.startsOn) {
    issues.push({ code: 'custom', message: 'The batch must end on or after the day it starts', input: batch.endsOn, path: ['endsOn'] });
  }
  if (!batch.phases || !batch.startsOn || !batch.endsOn) return;
  batch.phases.forEach((phase, i) => {
    if (phase.startsOn < batch.startsOn! || phase.endsOn > batch.endsOn!) {
      issues.push({ code: 'custom', message: "A phase must fall within the batch's dates", input: phase, path: ['phases', i] });
    }
  });
}

/** POST /api/v1/admin/batches: a batch of one course OR one programme. */
export const batchCreateSchema = z
  .strictObject({
    name,
    courseId: z.optional(courseIdSchema),
    programme: z.optional(programmeSlugSchema),
    startsOn: day('start date'),
    endsOn: day('end date'),
    capacity,
    attendanceThreshold: z.optional(threshold),
    phases: z._default(phases, []),
  })
  .check(
    z.superRefine((batch, ctx) => {
      if (!batch.courseId === !batch.programme) {
        ctx.issues.push({
          code: 'custom',
          message: 'Choose either a course or a programme for the batch',
          input: batch,
          path: ['courseId'],
        });
      }
      checkDates(batch, ctx);
    }),
  );
export type BatchCreateInput = z.input<typeof batchCreateSchema>;

/** PATCH /api/v1/admin/batches/:id: any of these; the course or programme never changes. */
export const batchPatchSchema = z
  .strictObject({
    name: z.optional(name),
    startsOn: z.optional(day('start date')),
    endsOn: z.optional(day('end date')),
    capacity: z.optional(capacity),
    attendanceThreshold: z.optional(threshold),
    status: z.optional(z.enum(BATCH_STATUSES, { error: 'A batch is open, running or finished' })),
    phases: z.optional(phases),
  })
  .check(
    z.superRefine((patch, ctx) => {
      if (Object.keys(patch).length === 0) ctx.issues.push({ code: 'custom', message: 'Nothing to change', input: patch });
      checkDates(patch, ctx);
    }),
  );
export type BatchPatchInput = z.input<typeof batchPatchSchema>;

/** PUT /api/v1/admin/batches/:id/faculty: the whole list (empty = none). */
export const batchFacultySchema = z.strictObject({
  accountIds: z.array(accountIdSchema).check(z.maxLength(MAX_FACULTY, `A batch has at most ${MAX_FACULTY} faculty`)),
});
export type BatchFacultyInput = z.input<typeof batchFacultySchema>;

/** POST /api/v1/admin/batches/:id/enrol: an existing learner account, by its email. */
export const batchEnrolSchema = z.strictObject({ email: emailSchema });
export type BatchEnrolInput = z.input<typeof batchEnrolSchema>;

// Answers ------------------------------------------------------------------------------------

export type BatchPhase = { kind: PhaseKind; startsOn: string; endsOn: string; venue: string | null };

/** GET /api/v1/course/:courseId/batches: the open batches a buyer may choose at checkout. */
export type PublicBatch = {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  phases: BatchPhase[];
  seatsLeft: number;
  status: BatchStatus;
};
export type CourseBatchesAnswer = { batches: PublicBatch[] };

/** POST /api/v1/batches/:id/waitlist -> 201; the position counts from 1. */
export type WaitlistAnswer = { position: number };
/** POST /api/v1/learn/batches/:id/seat -> 201. */
export type SeatAnswer = { batchId: string; status: 'taken' };

export type FacultyMember = { id: string; name: string };
/** GET /api/v1/admin/batches: owners see every batch, faculty theirs. */
export type AdminBatch = {
  id: string;
  name: string;
  courseId: string | null;
  courseTitle: string | null;
  programme: string | null;
  startsOn: string;
  endsOn: string;
  status: BatchStatus;
  capacity: number;
  /** Seats taken or held for an order not paid yet. */
  seatsTaken: number;
  waiting: number;
  faculty: FacultyMember[];
};
export type AdminBatchesAnswer = { batches: AdminBatch[] };
/** GET /api/v1/admin/batches/:id */
export type AdminBatchDetail = AdminBatch & { attendanceThreshold: number; phases: BatchPhase[] };

export type RosterLearner = { accountId: string; name: string; email: string; seatStatus: SeatStatus; source: SeatSource };
/** GET /api/v1/admin/batches/:id/roster: seated learners (taken, held), then the waiting list in order. */
export type RosterAnswer = { learners: RosterLearner[] };

/** A purchase, registration fee or fee plan whose learner has no seat in a batch of it yet. */
export type UnplacedEnrolment = {
  source: Exclude<SeatSource, 'manual'>;
  sourceId: string;
  accountId: string;
  name: string;
  email: string;
  courseId: string | null;
  courseTitle: string | null;
  programme: string | null;
  /** When it was paid (ISO). */
  paidAt: string;
};
/** GET /api/v1/admin/unplaced */
export type UnplacedAnswer = { unplaced: UnplacedEnrolment[] };
/** POST /api/v1/admin/batches/:id/enrol -> 201 */
export type EnrolAnswer = { accountId: string; source: SeatSource; status: 'taken' };
