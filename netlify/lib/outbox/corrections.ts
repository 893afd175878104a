/**
 * The right address for one that bounced (docs/architecture.md, Operations): a counsellor asked
 * the person and records it. The bounce is handled, the old address stays undeliverable, and the
 * emails of the last 30 days that never reached it are written to the right one once, if nothing
 * in them needs the inbox to be the person's: the address is only typed, not proven.
 */
import { type Db, HttpError } from '../platform/index.ts';
import { enqueueEmail } from './queue.ts';
import { NOT_SUPPRESSED } from './suppressions.ts';

/** How far back "the emails that never arrived" go. */
const RESEND_DAYS = 30;

/**
 * The emails that may go again to an address nobody has proven: answers to what the person did,
 * with no link and no amount (the lead forms' confirmations). Every other tag (receipts, invoices,
 * refunds, codes, payment reminders, document reviews, anything with a link) is held back, and so
 * is any tag added later until it is listed here. The choices footer is written anew for the new
 * address: it shows that address's own consents only.
 */
export const RESENT_TO_UNPROVEN: ReadonlySet<string> = new Set([
  'contact-confirmation',
  'advisor-confirmation',
  'scholarship-confirmation',
  'pitch-confirmation',
]);

/** Why an email was not written to the corrected address (the person's timeline shows it). */
export const HELD_BACK_REASON = 'held back: it carries a link or an amount, and the right address is not proven yet';

export type Correction = { resent: number; heldBack: { subject: string; tag: string }[] };

/**
 * In the caller's transaction: marks the bounce corrected and writes again to `correctedTo` each
 * plain email to the old address that failed or was held back (never a one-time secret: those
 * expired); the others are marked held back on their row. Answers both.
 */
export async function correctSuppression(tx: Db, input: { address: string; correctedTo: string; accountId: string }): Promise<Correction> {
  const [row] = await tx`
    update email_suppressions set corrected_to = ${input.correctedTo}, corrected_at = now(), corrected_by = ${input.accountId}, updated_at = now()
    where address = ${input.address} and cleared_at is null returning address`;
  if (!row) throw new HttpError(404, NOT_SUPPRESSED);
  const missed = await tx<{ id: string; subject: string; text_body: string; html_body: string | null; tag: string }[]>`
    select id::text, subject, text_body, html_body, tag from email_outbox
    where lower(to_address) = ${input.address} and channel = 'email' and status in ('failed', 'suppressed') and not secret
      and created_at > now() - make_interval(days => ${RESEND_DAYS})
    order by id`;
  const plain = missed.filter((email) => RESENT_TO_UNPROVEN.has(email.tag));
  const held = missed.filter((email) => !RESENT_TO_UNPROVEN.has(email.tag));
  for (const email of plain) {
    await enqueueEmail(tx, {
      to: input.correctedTo,
      subject: email.subject,
      text: email.text_body,
      ...(email.html_body ? { html: email.html_body } : {}),
      tag: email.tag,
    });
  }
  if (held.length) await tx`update email_outbox set resend_held_at = now() where id in ${tx(held.map((e) => e.id))}`;
  return { resent: plain.length, heldBack: held.map(({ subject, tag }) => ({ subject, tag })) };
}
