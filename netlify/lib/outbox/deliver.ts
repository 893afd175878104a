/**
 * The one delivery loop, for every channel: due rows are claimed with SKIP LOCKED (and leased for
 * a while) so parallel runs never send one message twice; each goes to its kind's channel
 * (email.ts, or the WhatsApp channel of messaging); the loop settles the row from the channel's
 * answer: sent, cancelled, retried with backoff, or failed (a WhatsApp message's email written
 * instead). Suppression first: pending emails to an address that bounced since are held back.
 */
import { db, log } from '../platform/index.ts';
import { transport, type MailTransport } from '../mail/index.ts';
import { sendEmail, type EmailRow } from './email.ts';
import { writeFallbackEmail } from './fallback.ts';
import { whatsappChannel } from './kinds.ts';
import { holdBackPending } from './suppressions.ts';
import type { ChannelName, ChannelOutcome, WhatsAppRow } from './types.ts';

export const REDACTED = '[redacted after delivery: this email carried a one-time secret]';

/** Time a request's own messages get, after its answer: Netlify ends a function at 10 s. */
export const REQUEST_BUDGET_MS = 2_000;
/** The scheduled run's budget (scheduled functions stop at 30 s) and its per-send timeout. */
export const RETRY_BUDGET_MS = 20_000;
const RETRY_SEND_TIMEOUT_MS = 5_000;
/** A claimed row is left alone this long; longer than any budget, so only a run that died
 *  mid-send leaves it, and the next scheduled run after that sends it. */
const CLAIM_LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/** Minutes to wait before the next try: 1, 2, 4, 8 ... capped at 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

type OutboxRow = EmailRow & WhatsAppRow & { channel: 'email' | 'whatsapp'; attempts: number };

export type DeliverOptions = {
  /** Only these outbox rows (the ones a request wrote); default: any due row. */
  ids?: string[];
  limit?: number;
  /** The Mailer; without one (a deploy with no token) emails stay pending and WhatsApp goes on. */
  via?: MailTransport | undefined;
  /** Total time for this run; rows not tried by then go back to the queue, due at once. */
  budgetMs?: number;
  /** Longest one send may take; a timed-out send is retried later with backoff. */
  sendTimeoutMs?: number;
  /** Only rows of these channels; default: every channel. */
  channels?: ChannelName[];
};

/** Delivers due outbox messages of every channel; answers how many went and how many failed. */
export async function deliverDue({
  ids,
  limit = 20,
  via = transport(),
  budgetMs = RETRY_BUDGET_MS,
  sendTimeoutMs = RETRY_SEND_TIMEOUT_MS,
  channels = ['email', 'whatsapp'],
}: DeliverOptions = {}): Promise<{ sent: number; failed: number }> {
  if (ids?.length === 0) return { sent: 0, failed: 0 };
  const sql = db();
  if (!via) {
    const [pending] = await sql<{ n: number }[]>`
      select count(*)::int as n from email_outbox where status = 'pending' and channel = 'email' ${ids ? sql`and id in ${sql(ids)}` : sql``}`;
    if (pending!.n > 0) log.warn('no mailer is configured on this deployment: emails stay pending in the outbox', { pending: pending!.n });
  }
  const deadline = Date.now() + budgetMs;
  // An address may have bounced since these rows were written: they are not sent.
  await holdBackPending(sql, ids);
  const only = ids ? sql`and id in ${sql(ids)}` : sql``;
  // No mailer here: emails are not claimed, so they wait for a run that has one.
  const claimable = channels.filter((channel) => channel !== 'email' || via);
  if (claimable.length === 0) return { sent: 0, failed: 0 };
  const claimed = await sql<OutboxRow[]>`
    update email_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (
      select id from email_outbox where status = 'pending' and next_attempt_at <= now() ${only} and channel in ${sql(claimable)}
      order by id limit ${limit} for update skip locked)
    returning id::text as id, channel, to_address, subject, text_body, html_body, tag, attempts, retyped,
              recipient_email, wa_template, wa_language, wa_variables, wa_text, wa_sent_by, marketing`;
  claimed.sort((a, b) => Number(a.id) - Number(b.id));
  let sent = 0;
  let failed = 0;
  for (const [index, row] of claimed.entries()) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      await release(claimed.slice(index).map((r) => r.id));
      break;
    }
    const timeoutMs = Math.min(sendTimeoutMs, remaining);
    const outcome =
      row.channel === 'whatsapp'
        ? await (await whatsappChannel()).send(row, { signal: AbortSignal.timeout(timeoutMs) })
        : await sendEmail(via!, row, timeoutMs);
    const settled = await settle(row, outcome, via);
    if (settled === 'sent') sent++;
    else if (settled === 'failed') failed++;
  }
  return { sent, failed };
}

/** The row's status from its channel's answer; a WhatsApp message given up writes its email. */
async function settle(row: OutboxRow, outcome: ChannelOutcome, via: MailTransport | undefined): Promise<'sent' | 'cancelled' | 'failed'> {
  const sql = db();
  if ('sent' in outcome) {
    // A WhatsApp row cancelled while it was being sent (a STOP) keeps its cancellation.
    const stillPending = row.channel === 'whatsapp' ? sql`and status = 'pending'` : sql``;
    await sql`update email_outbox set status = 'sent', sent_at = now(), provider_message_id = ${outcome.sent}, last_error = null
              where id = ${row.id} ${stillPending}`;
    if (row.channel === 'email' && !via?.local) await redactSecret(row.id);
    return 'sent';
  }
  if ('cancelled' in outcome) {
    await sql`update email_outbox set status = 'cancelled', last_error = ${outcome.cancelled} where id = ${row.id}`;
    return 'cancelled';
  }
  const giveUp = outcome.permanent || row.attempts >= MAX_ATTEMPTS;
  await sql`update email_outbox set last_error = ${outcome.failed}, status = ${giveUp ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(mins => ${backoffMinutes(row.attempts)}) where id = ${row.id}`;
  log.warn(`${row.channel} delivery failed`, { outboxId: row.id, attempts: row.attempts, giveUp, error: outcome.failed });
  if (giveUp && row.channel === 'email') await redactSecret(row.id);
  if (giveUp && row.channel === 'whatsapp') await sql.begin((tx) => writeFallbackEmail(tx, row.id));
  return 'failed';
}

/** A delivered (or abandoned) email's secret leaves the outbox; its other columns stay. */
async function redactSecret(id: string): Promise<void> {
  await db()`update email_outbox set text_body = ${REDACTED}, html_body = null, redacted_at = now()
             where id = ${id} and secret and redacted_at is null`;
}

/** Claimed rows this run had no time for: back in the queue, due now, the attempt not counted. */
async function release(ids: string[]): Promise<void> {
  await db()`update email_outbox set attempts = attempts - 1, next_attempt_at = now()
             where id in ${db()(ids)} and status = 'pending'`;
}

/** Delivers the rows one request wrote (a rolled-back row is simply not found), never throwing. */
export async function deliverWritten(ids: string[]): Promise<void> {
  try {
    await deliverDue({ ids, limit: ids.length, budgetMs: REQUEST_BUDGET_MS, sendTimeoutMs: REQUEST_BUDGET_MS });
  } catch (error) {
    log.warn('outbox delivery deferred to the scheduled run', { error });
  }
}

/** The scheduled run: batches of due rows until none are left or the budget is spent. */
export async function deliverBacklog({
  batch = 50,
  budgetMs = RETRY_BUDGET_MS,
  via = transport(),
}: { batch?: number; budgetMs?: number; via?: MailTransport | undefined } = {}): Promise<{ sent: number; failed: number }> {
  const deadline = Date.now() + budgetMs;
  const total = { sent: 0, failed: 0 };
  while (Date.now() < deadline) {
    const result = await deliverDue({ limit: batch, via, budgetMs: deadline - Date.now() });
    total.sent += result.sent;
    total.failed += result.failed;
    if (result.sent + result.failed < batch) break;
  }
  return total;
}
