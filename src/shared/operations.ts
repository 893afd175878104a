/**
 * Operations (docs/architecture.md, Operations): the scheduled jobs and how often they run, the
 * owner's operations screen (/admin/operations) and its API, and the email-bounce actions.
 */
import * as z from 'zod/mini';
import { emailSchema } from './account.ts';

/**
 * Every scheduled function, by its file name in netlify/functions, with its Netlify schedule
 * (UTC cron; tests/unit/operations-jobs.test.ts keeps each file's `config.schedule` equal) and the
 * interval that schedule means. A job is late when its last success is older than twice that.
 */
export const JOBS = [
  { name: 'mail-retry', label: 'Email retries', schedule: '*/5 * * * *', everyMinutes: 5 },
  { name: 'payments-recheck', label: 'Payment re-check', schedule: '*/10 * * * *', everyMinutes: 10 },
  { name: 'operations-check', label: 'Operations alerts', schedule: '*/10 * * * *', everyMinutes: 10 },
  { name: 'counsellor-digest', label: "Counsellors' digest", schedule: '30 3 * * *', everyMinutes: 1440 },
  { name: 'instalment-reminders', label: 'Fee reminders', schedule: '0 4 * * *', everyMinutes: 1440 },
  { name: 'class-reminders', label: 'Class reminders', schedule: '*/15 * * * *', everyMinutes: 15 },
  { name: 'payments-reconcile', label: 'Reconciliation', schedule: '30 21 * * *', everyMinutes: 1440 },
  { name: 'documents-cleanup', label: 'Documents clean-up', schedule: '*/30 * * * *', everyMinutes: 30 },
  { name: 'privacy-retention', label: 'Retention erasure', schedule: '0 23 * * *', everyMinutes: 1440 },
] as const;
export type JobName = (typeof JOBS)[number]['name'];

/** Alerts: a job later than this many intervals; the oldest pending email older than this. */
export const LATE_AFTER_INTERVALS = 2;
export const OUTBOX_STALE_MINUTES = 30;
/** Refused webhooks in a row (none accepted between them) that raise an alert. */
export const WEBHOOK_REFUSALS_ALERT = 5;
/** The same problem is emailed to the owners at most once in this many minutes. */
export const ALERT_REPEAT_MINUTES = 60;

/** Why an address is undeliverable, as people read it. */
export const BOUNCE_REASONS = {
  'hard-bounce': 'Hard bounce',
  'spam-complaint': 'Marked as spam',
  inactive: 'Inactive recipient',
  'invalid-address': 'Invalid address',
} as const;
export type BounceReason = keyof typeof BOUNCE_REASONS;

/** An undeliverable address (the person page, the queue, the operations screen). */
export type EmailBounceDto = {
  address: string;
  reason: BounceReason;
  /** The provider's words ("The server was unable to deliver your message ..."). */
  detail: string;
  bouncedAt: string;
  /** False for a spam complaint: only the provider's support can lift it. */
  canReactivate: boolean;
  correctedTo: string | null;
  correctedAt: string | null;
  clearedAt: string | null;
};

/** POST /api/v1/admin/persons/{id}/bounces: the right address for one that bounced. */
export const bounceCorrectionSchema = z
  .strictObject({
    address: emailSchema,
    correctedTo: emailSchema,
  })
  .check(z.refine((v) => v.address !== v.correctedTo, { path: ['correctedTo'], message: 'Enter a different address' }));
export type BounceCorrection = z.input<typeof bounceCorrectionSchema>;

/** POST /api/v1/admin/operations/bounces/clear (owners): the address works again. */
export const bounceClearSchema = z.strictObject({ address: emailSchema });

const day = z.string({ error: 'Use a date like 2026-11-24' }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24'),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date'),
);

/** POST /api/v1/admin/operations/reconcile (owners) and `npm run reconcile`: India days, both ends included. */
export const reconcileRangeSchema = z.strictObject({ from: day, to: day }).check(
  z.refine((v) => v.from <= v.to, { path: ['to'], message: 'The end date must not be before the start date' }),
  z.refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < 31, {
    path: ['to'],
    message: 'Reconcile at most 31 days at a time',
  }),
);
export type ReconcileRange = z.output<typeof reconcileRangeSchema>;

export type MismatchKind =
  | 'payment-missing-here'
  | 'payment-missing-at-gateway'
  | 'payment-amount'
  | 'refund-missing-here'
  | 'refund-missing-at-gateway'
  | 'refund-amount'
  | 'refund-status';

export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  'payment-missing-here': 'Captured at the gateway, not recorded here',
  'payment-missing-at-gateway': 'Recorded here, not captured at the gateway',
  'payment-amount': 'Payment amounts differ',
  'refund-missing-here': 'Refunded at the gateway, not recorded here',
  'refund-missing-at-gateway': 'Refund recorded here, unknown to the gateway',
  'refund-amount': 'Refund amounts differ',
  'refund-status': 'Refund status differs',
};

export type Mismatch = {
  kind: MismatchKind;
  /** The gateway's payment or refund id. */
  id: string;
  paymentId: string | null;
  /** Paise, as each side has it (null: that side has no record). */
  gatewayPaise: number | null;
  recordedPaise: number | null;
  gatewayStatus: string | null;
  recordedStatus: string | null;
};

export type ReconciliationDto = {
  day: string;
  status: 'clean' | 'mismatch' | 'failed';
  gatewayMode: string;
  paymentsChecked: number;
  refundsChecked: number;
  gatewayCapturedPaise: number;
  recordedCapturedPaise: number;
  gatewayRefundedPaise: number;
  recordedRefundedPaise: number;
  mismatches: Mismatch[];
  failure: string | null;
  ranAt: string;
};

export type JobStatusDto = {
  name: JobName;
  label: string;
  everyMinutes: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  /** on-time, late (no success for twice the interval), never (no success recorded yet). */
  state: 'on-time' | 'late' | 'never';
};

export type WebhookStatusDto = {
  source: 'razorpay' | 'postmark' | 'whatsapp' | 'zoom';
  /** Its secret is set on this deployment (without it every call is refused). */
  configured: boolean;
  accepted24h: number;
  refused24h: number;
  lastAcceptedAt: string | null;
  lastRefusedAt: string | null;
  lastRefusal: string | null;
  refusedInARow: number;
};

export type AlertDto = { problem: string; title: string; firstSeenAt: string; lastEmailedAt: string | null; resolvedAt: string | null };

/** One hour of the last 24: emails and webhooks (the screen's chart). */
export type HourDto = { hour: string; sent: number; failed: number; suppressed: number; accepted: number; refused: number };

export type OperationsDto = {
  checkedAt: string;
  /** A local run: no scheduler runs the jobs (Netlify does, once deployed). */
  local: boolean;
  databaseMs: number;
  outbox: { pending: number; oldestPendingAt: string | null; failed24h: number; suppressed24h: number; bounced: number };
  bounces: EmailBounceDto[];
  webhooks: WebhookStatusDto[];
  jobs: JobStatusDto[];
  reconciliations: ReconciliationDto[];
  alerts: AlertDto[];
  hours: HourDto[];
};
