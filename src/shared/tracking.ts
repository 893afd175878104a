/**
 * Where a lead came from, first and last touch (docs/architecture.md, Lead attribution).
 *
 * The browser (src/islands/leads/tracking.ts) keeps two touches: the FIRST landing ever on this
 * device (localStorage, written once) and the LAST landing that brought a campaign or an outside
 * referrer (sessionStorage, this visit). A lead request carries both as flat fields:
 *   last touch:  utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, last_touch_at
 *   first touch: first_utm_source, ..., first_referrer, first_touch_at
 * Every field is best effort: a malformed or oversized value is dropped, never a reason to lose
 * a lead. Spread `touchFields` into a lead schema; the server stores them with recordLeadTouches
 * (netlify/lib/leads/touches.ts).
 */
import * as z from 'zod/mini';

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const TOUCH_KEYS = [...UTM_KEYS, 'referrer'] as const;
export type TouchKey = (typeof TOUCH_KEYS)[number];

/** One landing: its campaign, the outside page that sent the visitor, and when (ISO time). */
export type Touch = Partial<Record<TouchKey, string>> & { at?: string };

export const FIRST_PREFIX = 'first_';
/** Every field a lead request may carry for attribution. */
export const TRACKING_FIELDS = [
  ...TOUCH_KEYS,
  'last_touch_at',
  ...TOUCH_KEYS.map((k) => `${FIRST_PREFIX}${k}` as const),
  'first_touch_at',
] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];
export type TrackingInput = Partial<Record<TrackingField, string>>;

export const UTM_MAX = 200;
export const REFERRER_MAX = 500;

const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/** An http(s) address with a host (a referring page; nothing is added or guessed). */
export function isReferrerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The referring site's host ("www.google.com" -> "google.com"), for grouping. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).hostname.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

const utm = z.catch(
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(UTM_MAX),
      z.refine((v) => v.length > 0 && !CONTROL_OR_BREAK.test(v)),
    ),
  ),
  undefined,
);
const referrer = z.catch(z.optional(z.string().check(z.trim(), z.maxLength(REFERRER_MAX), z.refine(isReferrerUrl))), undefined);

const EARLIEST = Date.parse('2020-01-01T00:00:00Z');
const DAY_MS = 24 * 3600 * 1000;
/** A browser's clock: an ISO time between 2020 and tomorrow, else dropped. */
const touchTime = z.catch(
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(40),
      z.refine((v) => {
        const t = Date.parse(v);
        return /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(t) && t >= EARLIEST && t <= Date.now() + DAY_MS;
      }),
    ),
  ),
  undefined,
);

/** The attribution fields of a lead request (spread into its `.strict()` schema). */
export const touchFields = {
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  referrer,
  last_touch_at: touchTime,
  first_utm_source: utm,
  first_utm_medium: utm,
  first_utm_campaign: utm,
  first_utm_term: utm,
  first_utm_content: utm,
  first_referrer: referrer,
  first_touch_at: touchTime,
};

/** The attribution fields alone; other keys are ignored (a lead body, or the course buy request's body). */
export const trackingSchema = z.object(touchFields);

/** Splits a request's flat fields into its two touches; a touch with nothing in it is null. */
export function splitTouches(data: TrackingInput): { first: Touch | null; last: Touch | null } {
  const parsed = trackingSchema.parse(pick(data));
  const first: Touch = {};
  const last: Touch = {};
  for (const key of TOUCH_KEYS) {
    const l = parsed[key];
    const f = parsed[`${FIRST_PREFIX}${key}`];
    if (l) last[key] = l;
    if (f) first[key] = f;
  }
  const hasLast = Object.keys(last).length > 0;
  const hasFirst = Object.keys(first).length > 0 || parsed.first_touch_at !== undefined;
  if (parsed.last_touch_at && hasLast) last.at = parsed.last_touch_at;
  if (parsed.first_touch_at) first.at = parsed.first_touch_at;
  return { first: hasFirst ? first : null, last: hasLast ? last : null };
}

function pick(data: TrackingInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TRACKING_FIELDS) if (data[key] !== undefined) out[key] = data[key];
  return out;
}

/** A touch in one line for people ("google / cpc / diwali", "via bing.com", "direct"). */
export function describeTouch(touch: Touch | null | undefined): string {
  if (!touch) return 'direct';
  const campaign = [touch.utm_source, touch.utm_medium, touch.utm_campaign].filter(Boolean).join(' / ');
  const host = referrerHost(touch.referrer);
  if (campaign) return host ? `${campaign} (via ${host})` : campaign;
  return host ? `via ${host}` : 'direct';
}
