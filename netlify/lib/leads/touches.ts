/**
 * Lead attribution: stores a lead's first and last touch (src/shared/tracking.ts) in
 * `lead_touches`, keyed by the lead as the pipeline names it. Called in the lead's own
 * transaction by whatever stores the lead (the lead store, registrations, course orders):
 *
 *   await recordLeadTouches(tx, { kind: 'registration', id }, input);
 *
 * `input` is the parsed request (extra fields are ignored); nothing is written for a lead that
 * carries no touch (a direct visit with storage blocked).
 */
import { splitTouches, TOUCH_KEYS, type Touch, type TrackingInput } from '../../../src/shared/tracking.ts';
import type { Db } from '../platform/index.ts';

export type LeadKindName = 'contact' | 'scholarship' | 'pitch' | 'registration' | 'order';
export type LeadRef = { kind: LeadKindName; id: string };

function row(lead: LeadRef, touch: 'first' | 'last', value: Touch) {
  const columns: Record<string, string | null> = {};
  for (const key of TOUCH_KEYS) columns[key] = value[key] ?? null;
  return { lead_kind: lead.kind, lead_id: lead.id, touch, ...columns, touched_at: value.at ?? null };
}

/** Writes the lead's touches; for a lead stored again (a registration updated) the first touch stays, the last is replaced. */
export async function recordLeadTouches(tx: Db, lead: LeadRef, input: TrackingInput): Promise<void> {
  const { first, last } = splitTouches(input);
  const rows = [...(first ? [row(lead, 'first', first)] : []), ...(last ? [row(lead, 'last', last)] : [])];
  if (rows.length === 0) return;
  await tx`
    insert into lead_touches ${tx(rows)}
    on conflict (lead_kind, lead_id, touch) do update set
      utm_source = excluded.utm_source, utm_medium = excluded.utm_medium, utm_campaign = excluded.utm_campaign,
      utm_term = excluded.utm_term, utm_content = excluded.utm_content, referrer = excluded.referrer,
      touched_at = excluded.touched_at, recorded_at = now()
    where lead_touches.touch = 'last'`;
}
