/**
 * Where a visitor came from: the utm_* parameters and the referring page of the URL they landed
 * on, kept in sessionStorage for this visit so a form filled three pages later still reports the
 * campaign. A later landing with new utm_* parameters replaces the old ones.
 */
import type { Tracking } from '../../shared/leads.ts';

// Kept here (not imported) so the capture script on every page stays a few hundred bytes.
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const TRACKING_KEYS = [...UTM_KEYS, 'referrer'] as const;
const STORAGE_KEY = 'aspira:tracking';

export function captureTracking(): void {
  try {
    const params = new URLSearchParams(location.search);
    const utm: Tracking = {};
    for (const key of UTM_KEYS) {
      const value = params.get(key)?.trim();
      if (value) utm[key] = value.slice(0, 200);
    }
    let referrer: string | undefined;
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (from.origin !== location.origin && /^https?:$/.test(from.protocol)) referrer = from.href.slice(0, 500);
    }
    const stored = readTracking();
    if (Object.keys(utm).length === 0 && (!referrer || stored.referrer)) return;
    const next: Tracking = Object.keys(utm).length ? { ...utm, ...(referrer ? { referrer } : {}) } : { ...stored, referrer };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or a malformed referrer: tracking is best effort.
  }
}

/** What this visit's forms send along (empty when the visitor came directly). */
export function readTracking(): Tracking {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const out: Tracking = {};
    for (const key of TRACKING_KEYS) if (typeof value[key] === 'string' && value[key]) out[key] = value[key] as string;
    return out;
  } catch {
    return {};
  }
}
