import { db, type Db, env, currentRequest, type RequestScope, log, hitStatement, mayMarketTo } from '../platform/index.ts';
import { withChoicesLink, unsubscribeHeaders } from './choices-footer.ts';
import { holdBackPending, SECRET_NOT_SENT, suppressAddress } from './suppressions.ts';
import { transport } from './transport/index.ts';
import { PermanentDeliveryError, type MailTransport, type OutgoingEmail } from './transport/types.ts';
import { deliverChannelRow, type ChannelRow, type ChannelSender } from './channels.ts';

export const REDACTED = '[redacted after delivery: this email carried a one-time secret]';
export const CONFIRMATIONS_PER_DAY = 3;

const HEADER_UNSAFE = /[\r\n]/;
/** `.invalid` is reserved (RFC 2606) and never delivered; erasure puts such addresses in place of a person's. */
const UNDELIVERABLE = /\.invalid$/i;

/** Time a request's own emails get, after its answer: Netlify ends a function at 10 s. */
export const REQUEST_BUDGET_MS = 2_000;
/** The scheduled run's budget (scheduled functions stop at 30 s) and its per-send timeout. */
export const RETRY_BUDGET_MS = 20_000;
const RETRY_SEND_TIMEOUT_MS = 5_000;
/** A claimed row is left alone this long; longer than any budget, so only a run that died
 *  mid-send leaves it, and the next scheduled run after that sends it. */
const CLAIM_LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;

const writtenBy = new WeakMap<RequestScope, string[]>();

/**
 * Writes an email to the outbox inside the caller's transaction: the fact and the email that
 * reports it commit (or roll back) together. Inside a request, the rows it wrote are delivered
 * once its answer is ready (http.ts hands that to Netlify's waitUntil); anything not delivered
 * then is sent by the scheduled mail-retry function. To an undeliverable address (a bounce, see
 * suppressions.ts) the row is written as 'suppressed' and never sent, unless `retyped`.
 */
export async function enqueueEmail(tx: Db, email: OutgoingEmail): Promise<string | null> {
  if (HEADER_UNSAFE.test(email.to) || HEADER_UNSAFE.test(email.subject)) {
    throw new Error('Line breaks are not allowed in email headers');
  }
  if (UNDELIVERABLE.test(email.to.trim())) {
    // An erased person: whatever happens to their order or refund, there is nobody to write to.
    log.info('email not written: the address was erased', { tag: email.tag });
    return null;
  }
  const marketing = email.marketing ?? false;
  if (marketing && !(await mayMarketTo(tx, email.to))) {
    // A child (DPDP Act s.9(3)), or every consent withdrawn (s.6(4)): no marketing, not even queued.
    log.info('marketing not written: the address is a child’s or has withdrawn consent', { tag: email.tag });
    return null;
  }
  email = await withChoicesLink(email);
  const retyped = email.retyped ?? false;
  // An undeliverable address is looked up in the same statement: the row is written held back.
  const held = tx`(select 'Not sent: the address is undeliverable (' || s.reason || ')' from email_suppressions s
                   where s.address = ${email.to.trim().toLowerCase()} and s.cleared_at is null and not ${retyped})`;
  // A held-back secret (an OTP) is not kept: nobody will read it.
  const secret = email.secret ?? false;
  const values = tx`select ${email.to}, ${email.subject},
    case when held.reason is not null and ${secret} then ${SECRET_NOT_SENT} else ${email.text} end,
    case when held.reason is not null and ${secret} then null else ${email.html ?? null} end, ${email.tag ?? 'general'},
    ${secret}, ${retyped}, held.reason, case when held.reason is null then 'pending' else 'suppressed' end, ${marketing}
    from (select ${held} as reason) held`;
  const columns = tx`(to_address, subject, text_body, html_body, tag, secret, retyped, last_error, status, marketing)`;
  // To a visitor's address: counted and capped in the same statement (no extra round trip).
  const [row] = email.toVisitor
    ? await tx<{ id: string; status: string }[]>`
        with hit as (${hitStatement(tx, { bucket: 'mail-to-visitor', key: email.to.toLowerCase(), windowSeconds: 86_400 })})
        insert into email_outbox ${columns}
        ${values} where (select count from hit) <= ${CONFIRMATIONS_PER_DAY}
        returning id::text as id, status`
    : await tx<{ id: string; status: string }[]>`
        insert into email_outbox ${columns} ${values}
        returning id::text as id, status`;
  if (!row) {
    // Our server must not become a way to flood someone else's inbox.
    log.info('email to a visitor not sent: daily cap for this address reached', { tag: email.tag });
    return null;
  }
  if (row.status === 'suppressed') {
    log.info('email not sent: the address is undeliverable', { tag: email.tag });
    return row.id;
  }
  const request = currentRequest();
  if (request) {
    let ids = writtenBy.get(request);
    if (!ids) {
      const mine: string[] = [];
      writtenBy.set(request, (ids = mine));
      request.after(() => deliverWritten(mine));
    }
    ids.push(row!.id);
  }
  return row!.id;
}

/** Delivers the rows one request wrote (a rolled-back row is simply not found), never throwing. */
async function deliverWritten(ids: string[]): Promise<void> {
  try {
    await deliverDue({ ids, limit: ids.length, budgetMs: REQUEST_BUDGET_MS, sendTimeoutMs: REQUEST_BUDGET_MS });
  } catch (error) {
    log.warn('outbox delivery deferred to the scheduled run', { error });
  }
}

/** Minutes to wait before the next try: 1, 2, 4, 8 ... capped at 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360);
}

type OutboxRow = ChannelRow & {
  channel: 'email' | 'whatsapp';
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  tag: string;
  attempts: number;
  retyped: boolean;
  marketing: boolean;
};
export type DeliverOptions = {
  /** Only these outbox rows (the ones a request wrote); default: any due row. */
  ids?: string[];
  limit?: number;
  via?: MailTransport | undefined;
  /** Total time for this run; rows not tried by then go back to the queue, due at once. */
  budgetMs?: number;
  /** Longest one send may take; a timed-out send is retried later with backoff. */
  sendTimeoutMs?: number;
  /** Sends the WhatsApp rows (messaging's sender); without it only emails are claimed. */
  whatsapp?: ChannelSender | undefined;
};

/**
 * Delivers due outbox messages. Rows are claimed with SKIP LOCKED (and leased for a while) so
 * parallel runs never send one message twice; a failure or timeout is retried with backoff.
 */
export async function deliverDue({
  ids,
  limit = 20,
  via = transport(),
  budgetMs = RETRY_BUDGET_MS,
  sendTimeoutMs = RETRY_SEND_TIMEOUT_MS,
  whatsapp,
}: DeliverOptions = {}): Promise<{ sent: number; failed: number }> {
  if (ids?.length === 0) return { sent: 0, failed: 0 };
  if (!via) {
    const pending =
      ids?.length ?? (await db()<{ n: number }[]>`select count(*)::int as n from email_outbox where status = 'pending'`)[0]!.n;
    if (pending > 0) log.warn('no mailer is configured on this deployment: emails stay pending in the outbox', { pending });
    if (!whatsapp) return { sent: 0, failed: 0 };
  }
  const deadline = Date.now() + budgetMs;
  const sql = db();
  // An address may have bounced since these rows were written: they are not sent.
  await holdBackPending(sql, ids);
  const only = ids ? sql`and id in ${sql(ids)}` : sql``;
  // Each row goes to the channel that can send it: no sender here, no claim.
  const channels = !whatsapp ? sql`and channel = 'email'` : via ? sql`` : sql`and channel = 'whatsapp'`;
  const claimed = await sql<OutboxRow[]>`
    update email_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (
      select id from email_outbox where status = 'pending' and next_attempt_at <= now() ${only} ${channels}
      order by id limit ${limit} for update skip locked)
    returning id::text as id, channel, to_address, subject, text_body, html_body, tag, attempts, retyped,
              recipient_email, wa_template, wa_language, wa_variables, wa_text, wa_sent_by, marketing`;
  claimed.sort((a, b) => Number(a.id) - Number(b.id));
  let sent = 0;
  let failed = 0;
  const from = env().MAIL_FROM;
  for (const [index, row] of claimed.entries()) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      await release(claimed.slice(index).map((r) => r.id));
      break;
    }
    if (row.channel === 'whatsapp' && whatsapp) {
      const signal = AbortSignal.timeout(Math.min(sendTimeoutMs, remaining));
      const backoff = { minutes: backoffMinutes(row.attempts), giveUp: row.attempts >= MAX_ATTEMPTS };
      const outcome = await deliverChannelRow(sql, row, whatsapp, signal, backoff);
      if (outcome === 'sent') sent++;
      else if (outcome !== 'cancelled') failed++;
      continue;
    }
    try {
      if (row.retyped) await reactivateRetyped(via!, row.to_address, Math.min(sendTimeoutMs, remaining));
      const messageId = await via!.send(
        {
          from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
          tag: row.tag,
          ...(row.marketing ? { headers: await unsubscribeHeaders(row.to_address) } : {}),
        },
        { signal: AbortSignal.timeout(Math.min(sendTimeoutMs, remaining)) },
      );
      await sql`update email_outbox set status = 'sent', sent_at = now(), provider_message_id = ${messageId ?? null}, last_error = null where id = ${row.id}`;
      if (!via!.local) await redactSecret(row.id);
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      // A refusal no retry can fix fails at once; an undeliverable address is marked as such.
      const permanent = error instanceof PermanentDeliveryError;
      if (permanent && error.addressProblem) {
        await suppressAddress({ address: row.to_address, reason: error.addressProblem, detail: message, source: 'send' }, sql);
      } else if (permanent) {
        log.error('email refused by the provider: the message is at fault', { outboxId: row.id, tag: row.tag, error: message });
      }
      const giveUp = permanent || row.attempts >= MAX_ATTEMPTS;
      await sql`update email_outbox set last_error = ${message},
        status = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(mins => ${backoffMinutes(row.attempts)})
        where id = ${row.id}`;
      if (giveUp) await redactSecret(row.id);
      log.warn('email delivery failed', { outboxId: row.id, attempts: row.attempts, giveUp, error: message });
    }
  }
  return { sent, failed };
}

/**
 * The person typed a bounced address again for this email: the provider is asked to send to it
 * again first (a hard bounce can be lifted; a spam complaint cannot), best effort.
 */
async function reactivateRetyped(via: MailTransport, address: string, timeoutMs: number): Promise<void> {
  if (!via.reactivate) return;
  const [bounce] = await db()<{ provider_bounce_id: string }[]>`
    select provider_bounce_id from email_suppressions
    where address = ${address.trim().toLowerCase()} and cleared_at is null and can_reactivate and provider_bounce_id is not null`;
  if (!bounce) return;
  try {
    await via.reactivate(bounce.provider_bounce_id, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    log.warn('the provider kept a retyped address inactive', { error });
  }
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

/** The scheduled run: batches of due rows until none are left or the budget is spent. */
export async function deliverBacklog({
  batch = 50,
  budgetMs = RETRY_BUDGET_MS,
  via = transport(),
  whatsapp,
}: { batch?: number; budgetMs?: number; via?: MailTransport | undefined; whatsapp?: ChannelSender | undefined } = {}): Promise<{
  sent: number;
  failed: number;
}> {
  const deadline = Date.now() + budgetMs;
  const total = { sent: 0, failed: 0 };
  while (Date.now() < deadline) {
    const result = await deliverDue({ limit: batch, via, budgetMs: deadline - Date.now(), whatsapp });
    total.sent += result.sent;
    total.failed += result.failed;
    if (!via || result.sent + result.failed < batch) break;
  }
  return total;
}
