/**
 * What the batch screens show and count without the request schemas (plain values, no zod), so a
 * screen that only shows batches loads no schema code (docs/architecture.md, Layers: labels).
 */
export const BATCH_STATUSES = ['open', 'running', 'finished'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = { open: 'Open', running: 'Running', finished: 'Finished' };

export const PHASE_KINDS = ['online', 'classroom'] as const;
export type PhaseKind = (typeof PHASE_KINDS)[number];
export const PHASE_KIND_LABELS: Record<PhaseKind, string> = { online: 'Online', classroom: 'In class' };

export const SEAT_SOURCES = ['course_order', 'registration', 'instalment_plan', 'manual'] as const;
export type SeatSource = (typeof SEAT_SOURCES)[number];
export const SEAT_SOURCE_LABELS: Record<SeatSource, string> = {
  course_order: 'Course purchase',
  registration: 'Registration fee',
  instalment_plan: 'Fee plan',
  manual: 'Enrolled by an owner',
};
export type SeatStatus = 'held' | 'taken' | 'released' | 'waiting';

export const MAX_CAPACITY = 1000;
export const MAX_PHASES = 12;
export const MAX_FACULTY = 20;
/** How long a seat is kept for a course order that is not paid yet. */
export const SEAT_HOLD_MINUTES = 30;

/** 409 when the last seat is gone: the checkout offers the waiting list instead. */
export const BATCH_FULL = 'That batch is full. You can join its waiting list.';
export const CHOOSE_A_BATCH = 'Choose a batch for this course';
export const BATCH_NOT_OPEN = 'That batch is not open for enrolment. Choose another batch.';
