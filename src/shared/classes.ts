/**
 * Classes of a batch (docs/product.md, Timetable and attendance): the timetable's sessions, the
 * Join window, classroom check-in by a rotating QR code, the attendance ledger and the learner's
 * /learn answer. Request schemas in zod/mini (the screens carry only these checks) and the answers'
 * shapes. Times travel as ISO strings in UTC; screens show them in IST (src/shared/dates.ts).
 */
import * as z from 'zod/mini';
import type { BatchPhase, PublicBatch } from './cohorts.ts';

export * from './class-labels.ts';
import { CORRECTION_REASON_MAX, SESSION_KINDS } from './class-labels.ts';
import type { SessionKind } from './class-labels.ts';

const numericId = (what: string) => z.string({ error: `Give the ${what} id` }).check(z.regex(/^[1-9]\d{0,17}$/, `No such ${what}`));
export const sessionIdSchema = numericId('session');
/** Batches and accounts share the 24-hex id style of accounts.id. */
export const hexIdSchema = (what: string) =>
  z.string({ error: `Give the ${what}` }).check(z.trim(), z.regex(/^[0-9a-f]{24}$/, `No such ${what}`));

const oneLine = (label: string, max: number) =>
  z.string({ error: `Enter the ${label}` }).check(
    z.trim(),
    z.minLength(1, `Enter the ${label}`),
    z.maxLength(max, `The ${label} must be at most ${max} characters`),
    z.refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `The ${label} must be on one line`),
  );
/** "" (an empty form field) is no value; other strings are read as numbers. */
const typedNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);
const blankIsNull = (v: unknown) => (v === '' ? null : v);

const startsAt = z.iso.datetime({ offset: true, error: 'Give the start as a date and time, like 2026-12-10T18:30:00+05:30' });
const durationMinutes = z.pipe(
  z.transform(typedNumber),
  z
    .number({ error: 'Enter the duration in minutes' })
    .check(
      z.int('The duration is whole minutes'),
      z.gte(0, 'The duration cannot be negative'),
      z.lte(600, 'A session lasts at most 600 minutes'),
    ),
);
const venue = z.pipe(z.transform(blankIsNull), z.nullable(oneLine('venue', 200)));
const facultyId = z.pipe(z.transform(blankIsNull), z.nullable(hexIdSchema('faculty member')));

const kindError = { error: 'Choose live, classroom or deadline' };

/** POST /api/v1/admin/batches/{id}/sessions: a new session of the timetable. */
export const sessionCreateSchema = z
  .strictObject({
    kind: z.enum(SESSION_KINDS, kindError),
    title: oneLine('title', 120),
    startsAt,
    durationMinutes: z._default(durationMinutes, 60),
    facultyId: z.optional(facultyId),
    venue: z.optional(venue),
  })
  .check(
    z.refine((s) => s.kind !== 'classroom' || !!s.venue, { path: ['venue'], message: 'Enter the venue of an in-class session' }),
    z.refine((s) => s.kind === 'deadline' || s.durationMinutes >= 15, {
      path: ['durationMinutes'],
      message: 'A class lasts at least 15 minutes',
    }),
  );
export type SessionCreateInput = z.input<typeof sessionCreateSchema>;
export type SessionCreate = z.output<typeof sessionCreateSchema>;

/** PATCH /api/v1/admin/sessions/{sid}: any of the fields; the kind stays what it was. */
export const sessionPatchSchema = z
  .strictObject({
    title: z.optional(oneLine('title', 120)),
    startsAt: z.optional(startsAt),
    durationMinutes: z.optional(durationMinutes),
    facultyId: z.optional(facultyId),
    venue: z.optional(venue),
  })
  .check(z.refine((s) => Object.values(s).some((v) => v !== undefined), 'Change at least one field'));
export type SessionPatchInput = z.input<typeof sessionPatchSchema>;
export type SessionPatch = z.output<typeof sessionPatchSchema>;

/** POST /api/v1/checkin: the token the classroom's QR code carries. */
export const checkinSchema = z.strictObject({
  token: z
    .string({ error: 'Scan the QR code shown in class' })
    .check(z.trim(), z.regex(/^[0-9a-z.]{10,120}$/i, 'This QR code is not ours: scan the one shown in class')),
});
export type CheckinInput = z.input<typeof checkinSchema>;

/** POST /api/v1/admin/attendance: a correction of one learner's entry for one session (audited). */
export const attendanceCorrectionSchema = z.strictObject({
  sessionId: sessionIdSchema,
  accountId: hexIdSchema('learner'),
  present: z.boolean({ error: 'Choose present or absent' }),
  minutes: z.optional(z.nullable(durationMinutes)),
  reason: z
    .string({ error: 'Enter the reason for the correction' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter the reason for the correction'),
      z.maxLength(CORRECTION_REASON_MAX, `The reason must be at most ${CORRECTION_REASON_MAX} characters`),
    ),
});
export type AttendanceCorrectionInput = z.input<typeof attendanceCorrectionSchema>;
export type AttendanceCorrection = z.output<typeof attendanceCorrectionSchema>;

// ---- answers ----

export type BatchPhaseView = BatchPhase;

export type AttendanceSummary = { percent: number | null; attended: number; held: number; threshold: number };

export type LearnSession = {
  id: string;
  kind: SessionKind;
  title: string;
  startsAt: string;
  durationMinutes: number;
  venue: string | null;
  facultyName: string | null;
  /** Live classes only (null otherwise). */
  joinOpensAt: string | null;
  joinClosesAt: string | null;
};

export type LearnBatch = {
  id: string;
  name: string;
  courseTitle: string | null;
  programme: string | null;
  startsOn: string;
  endsOn: string;
  phases: BatchPhaseView[];
  attendance: AttendanceSummary;
  /** Not cancelled, by start time. */
  sessions: LearnSession[];
};

export type ChoosableBatch = PublicBatch;

/** GET /api/v1/learn */
export type LearnAnswer = {
  batches: LearnBatch[];
  /** Programme learners without a seat yet: the open batches they may pick. */
  choosable: { programme: string; batches: ChoosableBatch[] }[];
  /** The personal calendar feed, or null until the learner asks for one (POST /api/v1/learn/calendar/reset). */
  calendarUrl: string | null;
};

/** GET /api/v1/learn/sessions/{id}/join */
export type JoinAnswer = { url: string };
/** POST /api/v1/learn/calendar/reset */
export type CalendarAnswer = { calendarUrl: string };
/** POST /api/v1/checkin */
export type CheckinAnswer = { session: { title: string; startsAt: string }; batch: { name: string } };

/** GET /api/v1/admin/batches/{id}/sessions */
export type AdminSession = {
  id: string;
  kind: SessionKind;
  title: string;
  startsAt: string;
  durationMinutes: number;
  venue: string | null;
  facultyId: string | null;
  facultyName: string | null;
  hasMeeting: boolean;
  /** The host's link (live classes), for the batch's faculty and owners. */
  hostUrl: string | null;
  cancelledAt: string | null;
};
export type AdminSessionsAnswer = { sessions: AdminSession[] };

/** GET /api/v1/admin/sessions/{sid}/qr */
export type QrAnswer = { token: string; expiresAt: string; checkinUrl: string };

export type AttendanceSource = 'online' | 'checkin' | 'correction';
export type AttendanceCell = { present: boolean; minutes: number | null; source: AttendanceSource };
/** GET /api/v1/admin/batches/{id}/attendance */
export type AttendanceSheet = {
  sessions: { id: string; title: string; startsAt: string }[];
  learners: { accountId: string; name: string; percent: number | null; entries: Record<string, AttendanceCell> }[];
  threshold: number;
};

/** The person page's line (no detail): the learner's batches and attendance. */
export type PersonBatchAttendance = { batchId: string; batchName: string; percent: number | null; belowThreshold: boolean };

/** The percent as shown: "82%", or "No classes yet". */
