/**
 * Webhook counts (docs/architecture.md, Operations): each call a provider makes (Razorpay's payment
 * events, Postmark's bounces) is counted per hour as accepted or refused, and each source keeps its
 * last refusal and how many refusals came in a row. Fixed-size rows: a flood of forged calls adds to
 * counters, never to a table's length.
 */
import type { Db } from './db.ts';
import { db } from './db.ts';
import { log } from './log.ts';

export type WebhookSource = 'razorpay' | 'postmark' | 'whatsapp' | 'zoom';

/** Counts one call; `refusal` is why it was refused (no secrets, no body). Never throws. */
export async function recordWebhook(source: WebhookSource, refusal: string | null, sql: Db = db()): Promise<void> {
  const accepted = refusal === null;
  try {
    await sql`
      with hour as (
        insert into webhook_hours (source, hour, accepted, refused)
        values (${source}, date_trunc('hour', now()), ${accepted ? 1 : 0}, ${accepted ? 0 : 1})
        on conflict (source, hour) do update
          set accepted = webhook_hours.accepted + excluded.accepted, refused = webhook_hours.refused + excluded.refused
        returning 1)
      insert into webhook_status as s (source, last_accepted_at, last_refused_at, last_refusal, refused_in_a_row)
      values (${source}, ${accepted ? sql`now()` : null}, ${accepted ? null : sql`now()`}, ${refusal?.slice(0, 200) ?? null}, ${accepted ? 0 : 1})
      on conflict (source) do update set
        last_accepted_at = coalesce(excluded.last_accepted_at, s.last_accepted_at),
        last_refused_at = coalesce(excluded.last_refused_at, s.last_refused_at),
        last_refusal = coalesce(excluded.last_refusal, s.last_refusal),
        refused_in_a_row = case when ${accepted} then 0 else s.refused_in_a_row + 1 end`;
  } catch (error) {
    log.warn('webhook not counted', { source, error });
  }
}
