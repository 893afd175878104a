/**
 * What converts (docs/architecture.md, Insights): leads per week for the last 12 weeks (weeks
 * start on Monday, India time) by source and by programme, the median time to first contact,
 * and the share of leads whose person paid (a registration fee or a course) within 30 days.
 */
import * as z from 'zod/mini';

export const INSIGHTS_WEEKS = 12;
export const CONVERSION_DAYS = 30;
export const INSIGHTS_TIME_ZONE = 'Asia/Kolkata';

export const INSIGHT_DIMENSIONS = ['form', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer', 'programme'] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];
export const DIMENSION_LABELS: Record<InsightDimension, string> = {
  form: 'Form',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  referrer: 'Referring site',
  programme: 'Programme',
};
/** What an empty value means in each table. */
export const NONE_LABELS: Record<InsightDimension, string> = {
  form: '(unknown)',
  utm_source: '(none)',
  utm_medium: '(none)',
  utm_campaign: '(none)',
  referrer: '(none)',
  programme: '(not stated)',
};

const dateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'),
  z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date'),
);

/** GET /api/v1/admin/insights?touch=&to=&format= */
export const insightsQuerySchema = z.strictObject({
  touch: z._default(z.enum(['last', 'first'], { error: 'touch must be last or first' }), 'last'),
  /** A day (India) in the last of the 12 weeks; today when absent. */
  to: z.optional(dateSchema),
  format: z.optional(z.enum(['json', 'csv'], { error: 'format must be json or csv' })),
});
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

export type InsightRow = {
  /** The value as stored ('' for none); `label` is how it is shown. */
  value: string;
  label: string;
  /** Leads per week, oldest week first (one number per entry of `weeks`). */
  weekly: number[];
  leads: number;
  /** Leads with a first contact (a stage change out of New, or a note). */
  contacted: number;
  medianFirstContactMinutes: number | null;
  /** Leads whose person paid within 30 days of the lead. */
  converted: number;
  /** converted / leads, 0 to 1; null without leads. */
  conversionRate: number | null;
};

export type InsightsTable = { dimension: InsightDimension; label: string; rows: InsightRow[] };

export type InsightsDto = {
  timeZone: string;
  touch: 'last' | 'first';
  /** The Monday (India) of each week, oldest first. */
  weeks: string[];
  total: InsightRow;
  tables: InsightsTable[];
};

/** "45 min", "3 h 20 min", "2 d 4 h" (a duration in minutes for people). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.floor((m % (24 * 60)) / 60);
  return `${Math.floor(m / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

/** 0.125 -> "12.5%" (one decimal at most). */
export function formatRate(rate: number | null): string {
  if (rate === null) return '-';
  return `${Math.round(rate * 1000) / 10}%`;
}
