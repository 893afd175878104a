/**
 * Where a visitor came from, first and last touch (src/shared/tracking.ts has the fields).
 *
 * - First touch: the first landing on this device (its utm_* parameters and outside referring
 *   page, or neither: a direct visit), kept in localStorage with its time, written once.
 * - Last touch: this visit's most recent landing that brought utm_* parameters or came from
 *   another site, kept in sessionStorage with its time, so a form filled three pages later still
 *   reports the campaign. A later landing with a new campaign or referrer replaces it whole (a
 *   new referrer never inherits an older campaign's utm_*).
 *
 * Runs on every page (AdvisorMount.astro) and again when a form hydrates; tracking is best effort.
 */
import type { Tracking } from '../../shared/leads.ts';
import type { Touch, TrackingInput } from '../../shared/tracking.ts';

// Kept here (not imported) so the capture script on every page stays a few hundred bytes;
// tracking.test.ts checks they match src/shared/tracking.ts.
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const TOUCH_KEYS = [...UTM_KEYS, 'referrer'] as const;
export const LAST_TOUCH_KEY = 'aspira:tracking';
export const FIRST_TOUCH_KEY = 'aspira:first-touch';
/**
 * The page bootstrap (src/integrations/after-paint.ts) notes each landing that has utm_* parameters
 * or a referrer here at once; this module may load only after the visitor has moved on.
 */
export const PENDING_LANDING_KEY = 'aspira:landing';

/** What a page's address and referring page say, or null when it is neither a campaign nor an outside referral. */
function landing(search: string, referrer: string): Touch | null {
  const params = new URLSearchParams(search);
  const touch: Touch = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) touch[key] = value.slice(0, 200);
  }
  if (referrer) {
    try {
      const from = new URL(referrer);
      if (from.origin !== location.origin && /^https?:$/.test(from.protocol)) touch.referrer = from.href.slice(0, 500);
    } catch {
      // A malformed referrer is no referrer.
    }
  }
  return Object.keys(touch).length ? touch : null;
}

const sameTouch = (a: Touch, b: Touch) => TOUCH_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? ''));

/** The landing the bootstrap noted, once (it may be an earlier page's, whose scripts never ran). */
function takePendingLanding(): { search: string; referrer: string; at: string } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_LANDING_KEY);
    sessionStorage.removeItem(PENDING_LANDING_KEY);
    const value = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!value || typeof value.search !== 'string' || typeof value.referrer !== 'string' || typeof value.at !== 'string') return null;
    return { search: value.search, referrer: value.referrer, at: value.at };
  } catch {
    return null;
  }
}

export function captureTracking(now: Date = new Date()): void {
  const pending = takePendingLanding();
  if (pending && !Number.isNaN(Date.parse(pending.at)))
    record(landing(pending.search, pending.referrer), new Date(pending.at).toISOString());
  record(landing(location.search, document.referrer), now.toISOString());
}

function record(here: Touch | null, at: string): void {
  try {
    if (!localStorage.getItem(FIRST_TOUCH_KEY)) localStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify({ ...here, at }));
  } catch {
    // Storage blocked: no first touch.
  }
  if (!here) return;
  try {
    const stored = readTouch('session', LAST_TOUCH_KEY);
    // The same landing seen again (a form hydrating on it, a reload) keeps its first time.
    if (stored && sameTouch(stored, here)) return;
    sessionStorage.setItem(LAST_TOUCH_KEY, JSON.stringify({ ...here, at }));
  } catch {
    // Storage blocked: no last touch.
  }
}

function readTouch(where: 'local' | 'session', key: string): Touch | null {
  try {
    const raw = (where === 'local' ? localStorage : sessionStorage).getItem(key);
    const value = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!value || typeof value !== 'object') return null;
    const out: Touch = {};
    for (const k of [...TOUCH_KEYS, 'at'] as const) if (typeof value[k] === 'string' && value[k]) out[k] = value[k] as string;
    return out;
  } catch {
    return null;
  }
}

/** This visit's last touch as the lead forms send it today (empty when the visitor came directly). */
export function readTracking(): Tracking {
  const last = readTouch('session', LAST_TOUCH_KEY) ?? {};
  const out: Tracking = {};
  for (const key of TOUCH_KEYS) if (last[key]) out[key] = last[key];
  return out;
}

/** Both touches as flat request fields (src/shared/tracking.ts, touchFields). */
export function readTouches(): TrackingInput {
  const out: TrackingInput = { ...readTracking() };
  const last = readTouch('session', LAST_TOUCH_KEY);
  if (last?.at && Object.keys(out).length) out.last_touch_at = last.at;
  const first = readTouch('local', FIRST_TOUCH_KEY);
  if (first) {
    for (const key of TOUCH_KEYS) if (first[key]) out[`first_${key}`] = first[key];
    if (first.at) out.first_touch_at = first.at;
  }
  return out;
}
