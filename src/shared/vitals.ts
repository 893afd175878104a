/**
 * Field data (docs/architecture.md, Operations): what a visitor's browser reports about a page
 * view (POST /api/v1/vitals, sent by src/islands/operations/vitals-reporter.ts) and what the
 * owners' operations screen shows of it. Performance numbers only: no cookie, no account, no
 * address, no query string; a coarse device class from the window's width.
 */
import * as z from 'zod/mini';

export const METRICS = ['FCP', 'LCP', 'INP', 'CLS'] as const;
export type Metric = (typeof METRICS)[number];
export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A report is one small JSON object; anything longer is refused before it is read. */
export const VITALS_MAX_BYTES = 2048;
/** At most this many distinct errors from one page view. */
export const ERRORS_PER_REPORT = 3;
export const ERROR_MAX_LENGTH = 200;

const millis = z.number().check(z.minimum(0), z.maximum(600_000));

/** One page view: its path (no query), device class, the metrics it measured and its errors. */
export const vitalsReportSchema = z.strictObject({
  path: z.string().check(z.regex(/^\/[A-Za-z0-9/_.~-]{0,99}$/, 'path: A page path without its query, at most 100 characters')),
  device: z.enum(DEVICES),
  FCP: z.optional(millis),
  LCP: z.optional(millis),
  INP: z.optional(millis),
  CLS: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  errors: z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(ERROR_MAX_LENGTH)))
      .check(z.maxLength(ERRORS_PER_REPORT, `errors: At most ${ERRORS_PER_REPORT} per report`)),
  ),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;

/**
 * The bucket a value is counted in (its lower bound): 10 ms steps to 1 s, 50 ms to 5 s, 500 ms
 * beyond; layout shift in steps of 0.001 (stored x 1000). Fine enough for a budget, and a page's
 * rows stay few however many visits it has.
 */
export function bucketOf(metric: Metric, value: number): number {
  if (metric === 'CLS') return Math.min(Math.floor(value * 1000), 100_000);
  const step = value < 1000 ? 10 : value < 5000 ? 50 : 500;
  return Math.floor(value / step) * step;
}

/** A bucket's value as shown (CLS back to its unit). */
export const bucketValue = (metric: Metric, bucket: number): number => (metric === 'CLS' ? bucket / 1000 : bucket);

/**
 * The page budgets (docs/architecture.md, Budgets) a field 75th percentile is held against: admin
 * screens, learner and account pages, marketing pages. INP has no lab budget; 200 ms is what counts
 * as a good response to a tap.
 */
const ACCOUNT_PAGES =
  /^\/(information|courses|course|buy|purchases|learn|applications|instalments|settings|login|signup|verify-email|forgot-password|reset-password|success|checkin)(\/|$)/;
export function budgetOf(path: string, metric: Metric): number {
  if (metric === 'CLS') return 0.02;
  if (metric === 'INP') return 200;
  const kind = path.startsWith('/admin') ? 'admin' : ACCOUNT_PAGES.test(path) ? 'account' : 'marketing';
  return { admin: { FCP: 600, LCP: 1000 }, account: { FCP: 800, LCP: 1000 }, marketing: { FCP: 1000, LCP: 1500 } }[kind][metric];
}

/** The days the operations screen summarises. */
export const VITALS_DAYS = 7;

/** One page on one device class over the last VITALS_DAYS days: each metric's 75th percentile. */
export type PageVitalsDto = {
  path: string;
  device: Device;
  /** Page views that reported anything (the most samples of any one metric). */
  views: number;
  metrics: { metric: Metric; p75: number; samples: number; budget: number }[];
};
export type BrowserErrorDto = { message: string; path: string; count: number; lastSeenAt: string };
export type FieldVitalsDto = { days: number; pages: PageVitalsDto[]; errors: BrowserErrorDto[] };
